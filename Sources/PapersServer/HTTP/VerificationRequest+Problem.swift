import PapersVerification

extension VerificationRequest {
    /// Checks the request, as a `400 INVALID_REQUEST` problem naming the field.
    func validateForAPI() throws(Problem) {
        do {
            try validate()
        } catch {
            throw Problem.invalid(error.description)
        }
    }
}
