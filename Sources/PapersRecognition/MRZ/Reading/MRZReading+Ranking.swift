extension MRZReading {
    /// Whether this reading of a photo is better than `other` of the same photo: one that parsed
    /// first, then fewer failed checks, then fewer uncertain characters, then the higher summed
    /// confidence.
    public func isBetter(than other: MRZReading) -> Bool {
        if (document != nil) != (other.document != nil) { return document != nil }
        if failedChecks.count != other.failedChecks.count { return failedChecks.count < other.failedChecks.count }
        if uncertainPositions.count != other.uncertainPositions.count { return uncertainPositions.count < other.uncertainPositions.count }
        let total = confidences.joined().reduce(0, +), otherTotal = other.confidences.joined().reduce(0, +)
        return total > otherTotal
    }
}
