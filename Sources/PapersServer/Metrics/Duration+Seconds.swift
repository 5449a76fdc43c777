extension Duration {
    /// The duration in seconds, for metrics and records.
    var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
