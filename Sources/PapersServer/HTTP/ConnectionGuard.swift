import NIOConcurrencyHelpers
import NIOCore
import NIOHTTPTypes

/// Guards each HTTP connection: at most ``ConnectionLimits/maximumConnections`` at once (one
/// over the cap is closed as soon as it opens), a complete request head within
/// ``ConnectionLimits/headerTimeout`` of opening or of the previous response (a connection left
/// idle, or a client sending its headers a byte at a time, is closed), and a whole body within
/// ``ConnectionLimits/bodyTimeout``. (A body that stalls is closed sooner, by the server's idle
/// timeout.)
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The connections open now, shared by every connection's guard.
    final class Census: Sendable {
        private let count = NIOLockedValueBox(0)
        private let refusedCount = NIOLockedValueBox(0)

        init() {}

        /// Counts a new connection; `false` when it is over `maximum`.
        func admit(maximum: Int) -> Bool {
            count.withLockedValue { count in
                count += 1
                return count <= maximum
            }
        }

        func leave() { count.withLockedValue { $0 -= 1 } }
        func refused() { refusedCount.withLockedValue { $0 += 1 } }
        /// The connections open now.
        var open: Int { count.withLockedValue { $0 } }
        /// The connections closed at once because the server was at its cap.
        var refusals: Int { refusedCount.withLockedValue { $0 } }
    }

    private let limits: ConnectionLimits
    private let census: Census
    private var counted = false
    private var deadline: Scheduled<Void>?

    init(limits: ConnectionLimits, census: Census) {
        self.limits = limits
        self.census = census
    }

    func handlerAdded(context: ChannelHandlerContext) {
        counted = true
        guard census.admit(maximum: limits.maximumConnections) else {
            census.refused()
            context.close(promise: nil)
            return
        }
        arm(limits.headerTimeout, context: context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        if counted {
            counted = false
            census.leave()
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: arm(limits.bodyTimeout, context: context)
        case .end: disarm()
        case .body: break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            // The next request's head is due within the header timeout.
            arm(limits.headerTimeout, context: context)
        }
        context.write(data, promise: promise)
    }

    private func arm(_ timeout: TimeAmount, context: ChannelHandlerContext) {
        deadline?.cancel()
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
    }

    private func disarm() {
        deadline?.cancel()
        deadline = nil
    }
}
