extension DocumentData {
    /// The fields on which two readings that should be of one document disagree: the dates of
    /// birth and expiry, the sex, and the names compared on letters only, where either may be a
    /// prefix of the other (an MRZ truncates long names; a licence splits given and middle
    /// names). A field either reading lacks is no disagreement.
    public func disagreements(with other: DocumentData) -> [String] {
        var fields: [String] = []
        if let a = dob, let b = other.dob, a != b { fields.append("dob") }
        if let a = expiryDate, let b = other.expiryDate, a != b { fields.append("expiryDate") }
        if let a = gender, let b = other.gender, a != b, a != .unspecified, b != .unspecified { fields.append("gender") }
        if Self.namesDiffer(lastName, other.lastName) { fields.append("lastName") }
        if Self.namesDiffer(firstName, other.firstName) { fields.append("firstName") }
        return fields
    }

    /// Whether two names differ on their letters, neither being a prefix of the other.
    static func namesDiffer(_ first: String?, _ second: String?) -> Bool {
        guard let a = first.map(letters), let b = second.map(letters), !a.isEmpty, !b.isEmpty else { return false }
        return !a.hasPrefix(b) && !b.hasPrefix(a)
    }

    /// The letters of a name, upper-cased.
    static func letters(_ text: String) -> String {
        String(text.uppercased().unicodeScalars.filter { $0.properties.isAlphabetic }.map(Character.init))
    }
}
