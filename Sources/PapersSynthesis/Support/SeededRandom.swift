import Foundation
import PapersImaging

/// A small, fast, reproducible random number generator (SplitMix64): the same seed gives the same photos on every machine.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator from a seed.
    public init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// SplitMix64's finaliser: 64 well-mixed bits from `value`, for a stateless hash of a
    /// position as much as for the next number of a sequence.
    @inline(__always)
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in `range`.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }

    /// `true` with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { uniform(0...1) < p }

    /// A normally distributed double (Box–Muller).
    public mutating func gaussian(mean: Double = 0, sigma: Double = 1) -> Double {
        let u1 = max(1e-12, uniform(0...1)), u2 = uniform(0...1)
        return mean + sigma * (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }
}
