/// A field label printed on a licence or ID card front, after the short labels of the AAMVA DL/ID
/// Card Design Standard (2020, annex A) and the cards that follow it: `DOB`, `EXP`, `ISS`, `DL`,
/// `DLN`, `LIC#`, `SEX`, `LN`, `FN`, and the labels of fields not read (`HGT`, `EYES`, `CLASS`,
/// `RESTR`, `END`), which still end the value of the label before them.
enum PrintedIDLabel: Hashable, Sendable {
    case birth, issue, expiry, number, sex, lastName, firstName
    /// A label of a field that is not read.
    case other

    static let words: [String: PrintedIDLabel] = [
        "DOB": .birth, "BIRTH": .birth, "BORN": .birth, "DDN": .birth,
        "EXP": .expiry, "EXPIRES": .expiry, "EXPIRY": .expiry, "EXPIRATION": .expiry, "EXPIRE": .expiry,
        "ISS": .issue, "ISSUED": .issue, "ISSUE": .issue, "DEL": .issue,
        "DL": .number, "DLN": .number, "OLN": .number, "DLNO": .number, "LIC": .number, "LICNO": .number,
        "ID": .number, "IDN": .number, "IDNO": .number, "NO": .number,
        "SEX": .sex,
        "LN": .lastName, "SURNAME": .lastName, "LAST": .lastName,
        "FN": .firstName, "FIRST": .firstName, "GIVEN": .firstName,
        "HGT": .other, "HT": .other, "HEIGHT": .other, "WGT": .other, "WT": .other, "WEIGHT": .other,
        "EYES": .other, "EYE": .other, "HAIR": .other, "CLASS": .other, "RESTR": .other, "RSTR": .other,
        "RESTRICTIONS": .other, "END": .other, "ENDORSEMENTS": .other, "DD": .other, "DONOR": .other, "VETERAN": .other,
    ]

    /// Words that continue a label rather than start its value (`DL NO`, `LAST NAME`, `LIC #`).
    static let continuations: Set<String> = ["NO", "#", "NUMBER", "NUM", "NAME", "NAMES", "OF", "DATE"]

    /// The label a word reads as: its letters and digits upper-cased, with the digits text
    /// recognition reads for letters in small print put back (`D0B`, `1SS`, `5EX`, `DO8`).
    /// A word of digits only is no label, nor is `ID` alone (Idaho's code, a card title's word),
    /// unlike `ID#` and `IDN`.
    init?(word: String) {
        guard let key = Self.key(word), key != "ID" || word.hasSuffix("#"), let label = Self.words[key] else { return nil }
        self = label
    }

    /// The label a word printed in small type reads as when text recognition got one letter of
    /// it wrong, added or dropped (`SS`, `EX`, `EVES`): one edit from a label of three to five
    /// letters. Only small words are read so; a value's word this close to a label is left alone.
    init?(nearly word: String) {
        if let label = PrintedIDLabel(word: word) { self = label; return }
        guard let key = Self.key(word), key.count >= 2,
              let match = Self.words.keys.filter({ (3...5).contains($0.count) && Self.withinOneEdit(key, $0) }).min(),
              let label = Self.words[match] else { return nil }
        self = label
    }

    /// Whether `a` becomes `b` by at most one substitution, insertion or deletion.
    static func withinOneEdit(_ a: String, _ b: String) -> Bool {
        let a = Array(a), b = Array(b)
        guard abs(a.count - b.count) <= 1 else { return false }
        var i = 0, j = 0, edits = 0
        while i < a.count && j < b.count {
            if a[i] == b[j] { i += 1; j += 1; continue }
            edits += 1
            if edits > 1 { return false }
            if a.count > b.count { i += 1 } else if a.count < b.count { j += 1 } else { i += 1; j += 1 }
        }
        return edits + (a.count - i) + (b.count - j) <= 1
    }

    /// The word as a label's key: letters and digits only, upper-cased, digits read as letters;
    /// `nil` for a word without a letter.
    static func key(_ word: String) -> String? {
        let kept = word.uppercased().filter { $0.isLetter || $0.isNumber }
        guard kept.contains(where: \.isLetter) else { return nil }
        return String(kept.map { (character: Character) -> Character in
            switch character {
            case "0": "O"
            case "1": "I"
            case "5": "S"
            case "8": "B"
            default: character
            }
        })
    }

    /// Whether the word continues a label before it.
    static func continues(_ word: String) -> Bool {
        let kept = word.uppercased().filter { $0.isLetter || $0.isNumber || $0 == "#" }
        return continuations.contains(kept)
    }
}
