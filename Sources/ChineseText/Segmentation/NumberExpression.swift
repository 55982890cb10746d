/// Numbers, dates and ordinals recognised by rule, so they become one token even though no
/// dictionary lists them: `三百五十`, `二十一日`, `2024年`, `第一次`, `第3章`.
enum NumberExpression {
    /// Whether a number expression can start at `position` (a digit, 第, or a Chinese numeral):
    /// a table lookup, so the segmenter can skip the rules for every other character.
    @inline(__always)
    static func mayStart(_ input: ScalarText, at position: Int) -> Bool {
        if input.classes[position] == .digit { return true }
        let scalar = input.scalars[position]
        return scalar < 0x10000 && startTable[Int(scalar)]
    }

    /// Whether `position` holds a measure word right after a numeral or demonstrative (一个, 每位).
    @inline(__always)
    static func isCountedMeasureWord(_ input: ScalarText, at position: Int) -> Bool {
        guard position > 0 else { return false }
        let scalar = input.scalars[position]
        let before = input.scalars[position - 1]
        return scalar < 0x10000 && before < 0x10000 && measureTable[Int(scalar)] && counterTable[Int(before)]
    }

    private static let measureTable: [Bool] = table(
        "个個位本只隻条條张張件把辆輛台块塊双雙份家所间間座棵匹头頭封篇首门門项項场場部种種样樣次")
    private static let counterTable: [Bool] = table("一二三四五六七八九十百千万两兩几幾这這那哪每某")

    private static func table(_ text: String) -> [Bool] {
        var table = [Bool](repeating: false, count: 0x10000)
        for scalar in text.unicodeScalars where scalar.value < 0x10000 { table[Int(scalar.value)] = true }
        return table
    }

    private static let startTable: [Bool] = {
        var table = [Bool](repeating: false, count: 0x10000)
        for scalar in numerals.union([0x7B2C]) where scalar < 0x10000 { table[Int(scalar)] = true }
        return table
    }()

    /// Ends of the number expressions starting at `start` within a run ending at `runEnd`.
    static func ends(in input: ScalarText, from start: Int, runEnd: Int) -> [Int] {
        let scalars = input.scalars
        var ends: [Int] = []
        let first = scalars[start]
        if input.classes[start] == .digit {
            var end = start + 1
            while end < runEnd, input.classes[end] != .han { end += 1 }
            if end < runEnd, dateUnits.contains(scalars[end]),
                !(input.classes[start..<end].contains(.letter))
            {
                ends.append(end + 1)
            }
            return ends
        }
        if first == 0x7B2C {  // 第
            var end = start + 1
            if end < runEnd, input.classes[end] == .digit {
                while end < runEnd, input.classes[end] != .han { end += 1 }
            } else {
                while end < runEnd, numerals.contains(scalars[end]) { end += 1 }
            }
            guard end > start + 1 else { return ends }
            ends.append(end)
            if end < runEnd, ordinalMeasures.contains(scalars[end]) { ends.append(end + 1) }
            return ends
        }
        guard numerals.contains(first) else { return ends }
        var end = start + 1
        while end < runEnd, numerals.contains(scalars[end]) { end += 1 }
        let length = end - start
        if length >= 2 { ends.append(end) }
        if end < runEnd {
            let unit = scalars[end]
            if shortDateUnits.contains(unit) || (length >= 2 && dateUnits.contains(unit)) { ends.append(end + 1) }
        }
        return ends
    }

    /// Chinese numerals, everyday and financial forms, simplified and traditional.
    static let numerals: Set<UInt32> = scalarSet("〇零一二三四五六七八九十百千万亿两萬億兩壹贰貳叁參肆伍陆陸柒捌玖拾佰仟")
    /// Units that follow a number in a date or time.
    static let dateUnits: Set<UInt32> = scalarSet("年月日号號点點时時分秒岁歲")
    /// Units that make a date even after a single numeral (五日, 三号).
    static let shortDateUnits: Set<UInt32> = scalarSet("日号號月")
    /// Measure words that follow an ordinal: 第一次, 第三章.
    static let ordinalMeasures: Set<UInt32> = scalarSet(
        "次个個天年名章届屆条條课課期位部集回本节節号號步页頁层層种種场場轮輪代季段卷篇幕题題句行排批")

    private static func scalarSet(_ text: String) -> Set<UInt32> { Set(text.unicodeScalars.map(\.value)) }
}
