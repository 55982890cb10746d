import Foundation
import Testing

@testable import Reading

@Suite struct ReadingSessionPolicyTests {
    let start = Date(timeIntervalSince1970: 1_000_000)

    func session(lastActivity: TimeInterval, ended: Bool = false) -> ReadingSession {
        ReadingSession(
            id: UUID(), userID: UUID(), bookID: nil, bookTitle: "书", startedAt: start,
            lastActivityAt: start + lastActivity, endedAt: ended ? start : nil, startPage: 1, furthestPage: 1)
    }

    @Test(arguments: [(599.0, false), (601.0, true)])
    func timesOutAfterTheInactivityTimeout(idle: TimeInterval, timedOut: Bool) {
        let policy = ReadingSessionPolicy(inactivityTimeout: 600)
        #expect(policy.hasTimedOut(session(lastActivity: 0), at: start + idle) == timedOut)
    }

    @Test func anEndedSessionNeverTimesOut() {
        #expect(!ReadingSessionPolicy().hasTimedOut(session(lastActivity: 0, ended: true), at: start + 10_000))
    }

    @Test(arguments: [
        (30, 30.0, 30),  // an honest report
        (500, 600.0, 120),  // capped per report
        (60, 10.0, 10),  // no more than the wall clock allows
        (-5, 30.0, 0),  // never negative
    ])
    func creditsReportedSecondsWithinLimits(reported: Int, elapsed: TimeInterval, credited: Int) {
        let policy = ReadingSessionPolicy(maximumSecondsPerReport: 120)
        #expect(policy.creditedSeconds(reported: reported, since: start, now: start + elapsed) == credited)
    }
}
