/// Measures how long a batch, or one repository's job, took.
struct Stopwatch {
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant

    /// Starts measuring now.
    init() { start = clock.now }

    /// Seconds since the stopwatch started.
    var elapsedSeconds: Double {
        let elapsed = (clock.now - start).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    }
}
