import Foundation
import Testing
@testable import PapersServer

@Suite("Authentication cache")
struct AuthenticationCacheTests {
    let tenant = Tenant(id: "t1", name: "acme")

    @Test("a remembered token passes only with the same secret, and only while fresh")
    func remembers() {
        let cache = AuthenticationCache(lifetime: 10)
        #expect(cache.tenant(token: "tok", secret: "s3cret", at: 100) == nil)
        cache.remember(tenant, token: "tok", secret: "s3cret", at: 100)
        #expect(cache.tenant(token: "tok", secret: "s3cret", at: 105) == tenant)
        #expect(cache.tenant(token: "tok", secret: "wrong", at: 105) == nil)
        #expect(cache.tenant(token: "other", secret: "s3cret", at: 105) == nil)
        #expect(cache.tenant(token: "tok", secret: "s3cret", at: 111) == nil)
    }

    @Test("past its capacity the cache starts over instead of growing")
    func bounded() {
        let cache = AuthenticationCache(lifetime: 10, capacity: 2)
        cache.remember(tenant, token: "a", secret: "s", at: 0)
        cache.remember(tenant, token: "b", secret: "s", at: 0)
        cache.remember(tenant, token: "c", secret: "s", at: 0)
        #expect(cache.tenant(token: "a", secret: "s", at: 1) == nil)
        #expect(cache.tenant(token: "c", secret: "s", at: 1) == tenant)
    }
}
