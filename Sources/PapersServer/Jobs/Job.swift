import Foundation
import GRDB

/// A claimed job.
struct Job: Sendable, Hashable {
    let id: Int64
    let kind: JobKind
    /// The verification, document or event it is about.
    let subject: String
    /// How many times it has been claimed, this time included.
    let attempts: Int
    /// The worker holding this claim: only it renews the lease and settles the job.
    let owner: String
}
