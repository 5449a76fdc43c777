/// The retake flow of a capture workflow, as a value driven by events.
///
/// `rescanCount` grows when processing a capture fails, never when the user chooses to retake.
/// Once it reaches `totalAttempts`, the last image is submitted anyway: the server may read what
/// the device could not. The owner performs the returned ``Action``s.
public struct RetakeStateMachine: Sendable, Hashable {
    /// Where the flow stands.
    public enum State: Sendable, Hashable {
        /// Waiting for a capture.
        case capturing
        /// A capture is being processed.
        case processing
        /// Done: the image was accepted, or sent after too many failures, or the user cancelled.
        case finished(Outcome)
    }

    /// How the flow ended.
    public enum Outcome: Sendable, Hashable {
        /// Processing succeeded; the image is submitted.
        case accepted
        /// Processing failed `totalAttempts` times; the last image is submitted anyway.
        case submittedAfterRetries
        /// The user cancelled.
        case cancelled
    }

    /// What happens.
    public enum Event: Sendable, Hashable {
        /// An image was captured.
        case captured
        /// Processing of the captured image succeeded.
        case processingSucceeded
        /// Processing of the captured image failed.
        case processingFailed
        /// The user chose to retake the picture.
        case userRequestedRetake
        /// The user cancelled the flow.
        case cancelled
    }

    /// What the owner must do.
    public enum Action: Sendable, Hashable {
        /// Process the captured image.
        case process
        /// Ask for another capture after a failure, with the attempts left.
        case retake(attemptsLeft: Int)
        /// Start capturing again (the user's own retake).
        case capture
        /// Submit the last image to the server (`anyway` when processing never succeeded).
        case submit(anyway: Bool)
        /// Close the capture screen.
        case close
        /// Nothing: the event does not apply in this state.
        case none
    }

    /// How many failed processings are allowed before the last image is sent anyway. Default 3.
    public let totalAttempts: Int
    /// Where the flow stands.
    public private(set) var state: State = .capturing
    /// Failed processings so far.
    public private(set) var rescanCount = 0

    /// Creates the flow.
    public init(totalAttempts: Int = 3) {
        self.totalAttempts = max(1, totalAttempts)
    }

    /// Moves the flow on and says what to do.
    public mutating func handle(_ event: Event) -> Action {
        switch (state, event) {
        case (.finished, _):
            return .none
        case (_, .cancelled):
            state = .finished(.cancelled)
            return .close
        case (.capturing, .captured):
            state = .processing
            return .process
        case (.processing, .processingSucceeded):
            state = .finished(.accepted)
            return .submit(anyway: false)
        case (.processing, .processingFailed):
            rescanCount += 1
            if rescanCount >= totalAttempts {
                state = .finished(.submittedAfterRetries)
                return .submit(anyway: true)
            }
            state = .capturing
            return .retake(attemptsLeft: totalAttempts - rescanCount)
        case (.processing, .userRequestedRetake), (.capturing, .userRequestedRetake):
            state = .capturing
            return .capture
        case (.capturing, .processingSucceeded), (.capturing, .processingFailed), (.processing, .captured):
            return .none
        }
    }
}
