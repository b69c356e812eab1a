import Services

/// The embedded network's state as clients see it: work that waits for the network to come back.
extension EmbeddedServer {
    /// Runs `work` once on the scheduler the next time the network is up: at once when it is. The
    /// returned task cancels it.
    func whenNetworkUp(_ work: @escaping ScheduledWork) -> ScheduledTask {
        let waiter: Int? = state.withLock { state in
            guard state.isNetworkDown else { return nil }
            let id = state.nextNetworkWaiter
            state.nextNetworkWaiter += 1
            state.networkWaiters.append((id, work))
            return id
        }
        guard let waiter else { return scheduler.schedule(work) }
        return ScheduledTask { [weak self] in
            self?.state.withLock { $0.networkWaiters.removeAll { $0.id == waiter } }
        }
    }

    /// Runs the work waiting for the network, oldest first, while the network stays up; one at a time,
    /// so work that cancels another waiting one keeps it from running.
    @MainActor
    func runNetworkWaiters() {
        while let work = nextNetworkWaiter() { work() }
    }

    private func nextNetworkWaiter() -> ScheduledWork? {
        state.withLock { state in
            guard !state.isNetworkDown, !state.networkWaiters.isEmpty else { return nil }
            return state.networkWaiters.removeFirst().work
        }
    }
}
