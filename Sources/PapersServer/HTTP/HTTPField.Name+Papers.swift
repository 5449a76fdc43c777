import Crypto
import Foundation
import HTTPTypes
import Hummingbird

extension HTTPField.Name {
    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    static let permissionsPolicy = HTTPField.Name("Permissions-Policy")!
}
