import Crypto
import Foundation
import HTTPTypes
import Hummingbird

extension HTTPField.Name {
    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
}
