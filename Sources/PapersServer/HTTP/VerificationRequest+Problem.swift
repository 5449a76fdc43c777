import PapersVerification

extension VerificationRequest {
    /// Checks the request: a callback URL naming a non-public host is `422 CALLBACK_URL_NOT_ALLOWED`,
    /// any other broken rule `400 INVALID_REQUEST`; both name the field.
    func validateForAPI(allowingPrivateCallbacks: Bool) throws(Problem) {
        do {
            try validate(allowingPrivateCallbacks: allowingPrivateCallbacks)
        } catch {
            throw Problem(error)
        }
    }
}

extension Problem {
    /// The answer to a request that breaks a rule of ``VerificationRequest``.
    init(_ error: VerificationRequestError) {
        switch error.code {
        case .nonPublicHost: self.init(.unprocessableContent, code: "CALLBACK_URL_NOT_ALLOWED", detail: error.description)
        default: self = .invalid(error.description)
        }
    }
}
