/// What the build was compiled for, where a loop is written two ways.
enum BuildTarget {
    /// Whether this build is for a CPU with AVX-512 (`scripts/build-native` defines
    /// `PAPERS_AVX512` for those targets): eight 64-bit lanes, or eight doubles, fit one register,
    /// so the loops written for eight such lanes at a time pay (the warp's walk, the line
    /// profiles' samples). With narrower vectors their lanes are split and some of their
    /// operations emulated, and the one-at-a-time loops are faster. Both give the same results.
    static let avx512: Bool = {
        #if PAPERS_AVX512
        return true
        #else
        return false
        #endif
    }()

    /// Whether this build is for a CPU with AVX2 or AVX-512 (`scripts/build-native` defines
    /// `PAPERS_AVX2` for those targets): eight 32-bit lanes and their products fit one register,
    /// so Hough's votes, eight ρ at a time in 32-bit lanes, pay; baseline SSE2 has no 32-bit
    /// lane product and gains nothing from them.
    static let avx2: Bool = {
        #if PAPERS_AVX2 || PAPERS_AVX512
        return true
        #else
        return false
        #endif
    }()
}
