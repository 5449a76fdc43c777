/// What the build was compiled for, where a loop is written two ways.
enum BuildTarget {
    /// Whether this build is for a CPU with AVX-512 (`scripts/build-native` defines
    /// `PAPERS_AVX512` for those targets): eight 64-bit lanes, or eight doubles, fit one register,
    /// so the loops written for eight lanes at a time pay (the warp's walk, the line profiles'
    /// samples, Hough's votes). With narrower vectors their lanes are split and some of their
    /// operations emulated, and the one-at-a-time loops are faster. Both give the same results.
    static let avx512: Bool = {
        #if PAPERS_AVX512
        return true
        #else
        return false
        #endif
    }()
}
