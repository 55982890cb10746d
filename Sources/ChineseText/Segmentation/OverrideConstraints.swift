/// Where a user's words and splits occur in a run, and what they force on the lattice.
struct OverrideConstraints {
    /// Start of each forced part → its end.
    private var forcedEnds: [Int: Int] = [:]
    /// Starts of the overridden occurrences, ascending.
    private var occurrenceStarts: [Int] = []

    /// Finds occurrences left to right, longest first, skipping any whose cuts would split a run
    /// of letters or digits (`boundary` marks where the lattice may cut, relative to `start`).
    init(
        _ input: ScalarText, _ start: Int, _ end: Int, _ index: [UInt32: [(text: [UInt32], partLengths: [Int])]],
        boundary: [Bool]
    ) {
        var position = start
        let scalars = input.scalars
        search: while position < end {
            if boundary[position - start], let candidates = index[scalars[position]] {
                for candidate in candidates where position + candidate.text.count <= end {
                    guard scalars[position..<position + candidate.text.count].elementsEqual(candidate.text) else {
                        continue
                    }
                    var cuts: [Int] = [position]
                    for length in candidate.partLengths { cuts.append(cuts[cuts.count - 1] + length) }
                    guard cuts.allSatisfy({ boundary[$0 - start] }) else { continue }
                    occurrenceStarts.append(position)
                    for (cut, next) in zip(cuts, cuts.dropFirst()) { forcedEnds[cut] = next }
                    position += candidate.text.count
                    continue search
                }
            }
            position += 1
        }
    }

    var isEmpty: Bool { occurrenceStarts.isEmpty }

    /// The end of the forced part starting at `position`, if one does.
    func forcedArc(at position: Int) -> Int? { forcedEnds[position] }

    /// The furthest an arc from `position` may reach: the start of the next occurrence.
    func latestEnd(from position: Int, runEnd: Int) -> Int {
        var low = 0
        var high = occurrenceStarts.count
        while low < high {
            let middle = (low + high) >> 1
            if occurrenceStarts[middle] <= position { low = middle + 1 } else { high = middle }
        }
        return low < occurrenceStarts.count ? occurrenceStarts[low] : runEnd
    }
}
