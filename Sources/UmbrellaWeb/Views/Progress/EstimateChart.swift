import ChineseText
import Foundation
import Learning

/// The estimate over time as an inline SVG: the ability line, its 80 % band, and level gridlines.
///
/// Drawn on the server (no chart library, no script). The view box is phone-sized (360 × 220) and
/// scales to the container's width; every label is in the view box, so it reads at 375 px.
struct EstimateChart {
    /// One estimate to draw.
    struct Point {
        var date: Date
        var ability: Double
        var lower: Double
        var upper: Double
        var level: Int
    }

    var points: [Point]
    var standard: HSKStandard
    var strings: Strings
    var calendar: Calendar = .init(identifier: .gregorian)

    static let width = 360.0
    static let height = 220.0
    static let left = 56.0
    static let right = 12.0
    static let top = 12.0
    static let bottom = 30.0

    /// The points of `snapshots` that have an estimate, then `current` (drawn as "now") when it differs.
    static func points(snapshots: [ProficiencySnapshot], current: ProficiencyEstimate?, now: Date) -> [Point] {
        var points = snapshots.compactMap { snapshot -> Point? in
            guard let ability = snapshot.ability, let level = snapshot.level else { return nil }
            return Point(
                date: snapshot.recordedAt, ability: ability, lower: snapshot.abilityInterval?.lower ?? ability,
                upper: snapshot.abilityInterval?.upper ?? ability, level: level)
        }
        if let current, let ability = current.ability, let level = current.level {
            let last = snapshots.last
            let unchanged =
                last.map { ProficiencySnapshot(current, at: now, trigger: .reading).hasSameEvidence(as: $0) } ?? false
            if !unchanged || points.isEmpty {
                points.append(
                    Point(
                        date: now, ability: ability, lower: current.abilityInterval?.lower ?? ability,
                        upper: current.abilityInterval?.upper ?? ability, level: level))
            }
        }
        return points
    }

    /// The SVG markup.
    var svg: String {
        let levels = standard.levels
        let minY = 0.5
        let maxY = Double(levels.count) + 0.5
        let plotWidth = Self.width - Self.left - Self.right
        let plotHeight = Self.height - Self.top - Self.bottom
        let first = points.first?.date.timeIntervalSince1970 ?? 0
        let last = points.last?.date.timeIntervalSince1970 ?? 0
        let span = max(last - first, 1)
        func x(_ date: Date) -> Double {
            points.count < 2
                ? Self.left + plotWidth / 2 : Self.left + (date.timeIntervalSince1970 - first) / span * plotWidth
        }
        func y(_ value: Double) -> Double {
            let clamped = min(max(value, minY), maxY)
            return Self.top + (maxY - clamped) / (maxY - minY) * plotHeight
        }
        func f(_ value: Double) -> String { String(format: "%.1f", value) }

        var parts: [String] = []
        let description = strings[Strings.ProgressKey.chartDescription]
        parts.append(
            "<svg class=\"estimate-chart\" viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\" role=\"img\" "
                + "aria-labelledby=\"chart-title chart-desc\" xmlns=\"http://www.w3.org/2000/svg\">")
        parts.append("<title id=\"chart-title\">\(strings[Strings.ProgressKey.estimateOverTime].htmlEscaped)</title>")
        parts.append("<desc id=\"chart-desc\">\((description + " " + summary).htmlEscaped)</desc>")
        for level in levels {
            let lineY = y(Double(level))
            parts.append(
                "<line class=\"grid\" x1=\"\(f(Self.left))\" x2=\"\(f(Self.width - Self.right))\" "
                    + "y1=\"\(f(lineY))\" y2=\"\(f(lineY))\"/>")
            parts.append(
                "<text class=\"axis\" x=\"\(f(Self.left - 6))\" y=\"\(f(lineY + 4))\" text-anchor=\"end\">"
                    + "HSK \(standard.label(level).htmlEscaped)</text>")
        }
        if !points.isEmpty {
            if points.count > 1 {
                let upper = points.map { "\(f(x($0.date))),\(f(y($0.upper)))" }
                let lower = points.reversed().map { "\(f(x($0.date))),\(f(y($0.lower)))" }
                parts.append("<polygon class=\"band\" points=\"\((upper + lower).joined(separator: " "))\"/>")
                let line = points.map { "\(f(x($0.date))),\(f(y($0.ability)))" }.joined(separator: " ")
                parts.append("<polyline class=\"line\" points=\"\(line)\"/>")
            } else if let point = points.first {
                parts.append(
                    "<line class=\"band-bar\" x1=\"\(f(x(point.date)))\" x2=\"\(f(x(point.date)))\" "
                        + "y1=\"\(f(y(point.upper)))\" y2=\"\(f(y(point.lower)))\"/>")
            }
            for point in points {
                parts.append(
                    "<circle class=\"dot\" cx=\"\(f(x(point.date)))\" cy=\"\(f(y(point.ability)))\" r=\"3.5\"/>")
            }
            let baseline = Self.height - 10
            // Points within two days of each other are told apart by their time of day.
            let withTime = span < 2 * 86_400 && points.count > 1
            func label(_ date: Date) -> String { withTime ? timeLabel(date) : dayLabel(date) }
            if let firstPoint = points.first {
                let anchor = points.count < 2 ? "middle" : "start"
                parts.append(
                    "<text class=\"axis\" x=\"\(f(x(firstPoint.date)))\" y=\"\(f(baseline))\" text-anchor=\"\(anchor)\">"
                        + "\(label(firstPoint.date).htmlEscaped)</text>")
            }
            if points.count > 1, let lastPoint = points.last {
                parts.append(
                    "<text class=\"axis\" x=\"\(f(x(lastPoint.date)))\" y=\"\(f(baseline))\" text-anchor=\"end\">"
                        + "\(label(lastPoint.date).htmlEscaped)</text>")
            }
        }
        parts.append("</svg>")
        return parts.joined()
    }

    /// One sentence for screen readers: where the estimate started and where it is.
    var summary: String {
        guard let first = points.first, let last = points.last else { return "" }
        let start = "HSK \(standard.label(first.level)) (\(dayLabel(first.date)))"
        let end = "HSK \(standard.label(last.level)) (\(dayLabel(last.date)))"
        return points.count == 1 ? start : "\(start) → \(end)"
    }

    /// A time of day with its date, "22 Nov 14:05 UTC" (the server does not know the reader's zone).
    func timeLabel(_ date: Date) -> String {
        var calendar = calendar
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return dayLabel(date) + String(format: " %02d:%02d UTC", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// A short date: "22 Nov" in English, "11月22日" in Chinese (UTC, as the server stores it).
    func dayLabel(_ date: Date) -> String {
        var calendar = calendar
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let parts = calendar.dateComponents([.month, .day], from: date)
        let month = parts.month ?? 1
        let day = parts.day ?? 1
        switch strings.language {
        case .simplifiedChinese: return "\(month)月\(day)日"
        case .english:
            let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            return "\(day) \(names[(month - 1) % 12])"
        }
    }
}
