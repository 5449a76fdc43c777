extension Double {
    /// The nearest integer, halves away from zero: the same as `Int(rounded())`, without the call
    /// into the C library that `rounded()` costs on x86-64 (whose rounding instruction has no
    /// halves-away mode). The value must fit an `Int` with room for one more.
    @inline(__always)
    var nearestInteger: Int {
        let whole = Int(self)  // towards zero, exact
        let rest = self - Double(whole)  // exact: |rest| < 1 and both share the binade's spacing or finer
        // Two flags added rather than chosen between: whether a value rounds up is unpredictable
        // along a sampled line, and a branch on it mispredicts half the time.
        let up = rest >= 0.5 ? 1 : 0, down = rest <= -0.5 ? 1 : 0
        return whole &+ up &- down
    }
}
