import Foundation
import ServiceLifecycle

/// Deletes verifications and documents older than the retention period, on a timer.
struct RetentionSweeper: Service, CustomStringConvertible {
    var description: String { "RetentionSweeper" }
    let services: ServerServices

    func run() async throws {
        guard let days = services.configuration.retentionDays else {
            // Nothing to sweep; a service that returns early would stop the whole group.
            try? await gracefulShutdown()
            return
        }
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                _ = try? await sweep(olderThanDays: days)
                try? await Task.sleep(for: services.configuration.retentionInterval)
            }
        }
    }

    /// Deletes everything created more than `days` days ago; returns how many were deleted.
    func sweep(olderThanDays days: Int, now time: Double = now()) async throws -> Int {
        let expired = try await services.database.expired(before: time - Double(days) * 86_400)
        for id in expired.verifications {
            _ = try await services.eraseVerification(id, tenantID: nil)
        }
        for id in expired.documents {
            _ = try await services.eraseDocument(id, tenantID: nil)
        }
        let count = expired.verifications.count + expired.documents.count
        if count > 0 {
            services.metrics.increment("papers_retention_deleted_total", by: count)
            services.logger.info("retention sweep", metadata: ["deleted": .stringConvertible(count)])
        }
        return count
    }
}
