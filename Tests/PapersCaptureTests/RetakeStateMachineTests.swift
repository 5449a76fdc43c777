import PapersCapture
import Testing

@Suite("Retake state machine")
struct RetakeStateMachineTests {
    @Test("a capture that processes is submitted")
    func accepted() {
        var flow = RetakeStateMachine(totalAttempts: 3)
        #expect(flow.handle(.captured) == .process)
        #expect(flow.state == .processing)
        #expect(flow.handle(.processingSucceeded) == .submit(anyway: false))
        #expect(flow.state == .finished(.accepted))
        #expect(flow.handle(.captured) == .none)
    }

    @Test("processing failures count; after totalAttempts the last image is sent anyway")
    func failures() {
        var flow = RetakeStateMachine(totalAttempts: 3)
        #expect(flow.handle(.captured) == .process)
        #expect(flow.handle(.processingFailed) == .retake(attemptsLeft: 2))
        #expect(flow.rescanCount == 1)
        #expect(flow.state == .capturing)
        #expect(flow.handle(.captured) == .process)
        #expect(flow.handle(.processingFailed) == .retake(attemptsLeft: 1))
        #expect(flow.handle(.captured) == .process)
        #expect(flow.handle(.processingFailed) == .submit(anyway: true))
        #expect(flow.rescanCount == 3)
        #expect(flow.state == .finished(.submittedAfterRetries))
    }

    @Test("a manual retake does not count as a failure")
    func manualRetake() {
        var flow = RetakeStateMachine(totalAttempts: 2)
        #expect(flow.handle(.captured) == .process)
        #expect(flow.handle(.userRequestedRetake) == .capture)
        #expect(flow.rescanCount == 0)
        #expect(flow.handle(.userRequestedRetake) == .capture)
        #expect(flow.rescanCount == 0)
        #expect(flow.handle(.captured) == .process)
        #expect(flow.handle(.processingFailed) == .retake(attemptsLeft: 1))
        #expect(flow.handle(.userRequestedRetake) == .capture)
        #expect(flow.rescanCount == 1)
    }

    @Test("events that do not apply are ignored; cancel ends the flow")
    func ignoredAndCancel() {
        var flow = RetakeStateMachine(totalAttempts: 1)
        #expect(flow.handle(.processingSucceeded) == .none)
        #expect(flow.handle(.processingFailed) == .none)
        #expect(flow.rescanCount == 0)
        #expect(flow.handle(.captured) == .process)
        #expect(flow.handle(.captured) == .none)
        #expect(flow.handle(.cancelled) == .close)
        #expect(flow.state == .finished(.cancelled))
        #expect(flow.handle(.userRequestedRetake) == .none)
        #expect(RetakeStateMachine(totalAttempts: 0).totalAttempts == 1)
    }
}
