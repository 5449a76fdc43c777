/// Receives upload statuses. Registered under a key with ``ObserverRegistry/register(_:key:)``,
/// held weakly, and called on whatever thread the status arises on.
public protocol UploadObserver: AnyObject, Sendable {
    /// A queued document changed status.
    func uploadStatusChanged(_ status: UploadStatus)
}
