import Foundation

/// Pinyin as a learner types it into a search box: `yueliang`, `yue4liang`, `yuèliàng`,
/// `yue4 liang4`, `lv4`, `nü3`.
///
/// The query is reduced to a key of letters only (`yueliang`, ü as `v`), which is what the
/// lexicon's pinyin index is sorted by, plus the tones the learner gave, each pinned to a letter
/// position so they can be checked against a candidate word's syllables.
public struct PinyinQuery: Hashable, Sendable {
    /// Lowercase letters a–z only, ü written as `v`.
    public let key: String
    /// Tones given in the query, by letter position in `key`. A tone number applies to the
    /// letter just before it; a tone mark to the vowel it sits on.
    let tonesByPosition: [Int: Int]

    /// Parses `text`; returns `nil` when it holds no letters at all.
    public init?(_ text: String) {
        var key = ""
        var tones: [Int: Int] = [:]
        let decomposed = text.lowercased().replacingOccurrences(of: "u:", with: "v")
            .decomposedStringWithCanonicalMapping
        var count = 0
        for scalar in decomposed.unicodeScalars {
            switch scalar.value {
            case 0x61...0x7A:
                key.unicodeScalars.append(scalar)
                count += 1
            case 0x0308:
                if key.last == "u" {
                    key.removeLast()
                    key += "v"
                }
            case 0x0304: if count > 0 { tones[count - 1] = 1 }
            case 0x0301: if count > 0 { tones[count - 1] = 2 }
            case 0x030C: if count > 0 { tones[count - 1] = 3 }
            case 0x0300: if count > 0 { tones[count - 1] = 4 }
            case 0x30...0x35:
                if count > 0 {
                    let tone = Int(scalar.value - 0x30)
                    tones[-count] = tone == 0 ? 5 : tone  // negative: "after letter count-1"
                }
            default: continue
            }
        }
        guard !key.isEmpty else { return nil }
        self.key = key
        self.tonesByPosition = tones
    }

    /// Whether the query gave any tone.
    public var hasTones: Bool { !tonesByPosition.isEmpty }

    /// Whether the letters split into valid pinyin syllables (`yueliang` yes, `moon` no).
    public var isValidPinyin: Bool { Self.splits(key) }

    /// Whether a reading agrees with every tone in the query. `pieces` are the reading's
    /// space-separated parts as letter counts (toward `key`) and tones (`nil` for a part that is
    /// not a syllable, such as the `T` of T恤). A neutral tone in the reading accepts any tone typed
    /// for it, since learners type the citation tone (`yuèliàng` finds 月亮 yuèliang).
    func matchesTones(of pieces: [(letters: Int, tone: Int?)]) -> Bool {
        guard hasTones else { return true }
        var start = 0
        for piece in pieces {
            let end = start + piece.letters
            for position in start..<end {
                if let tone = tonesByPosition[position], !accepts(piece.tone, tone) { return false }
            }
            if piece.letters > 0, let tone = tonesByPosition[-end], !accepts(piece.tone, tone) { return false }
            start = end
        }
        return true
    }

    private func accepts(_ readingTone: Int?, _ typed: Int) -> Bool {
        guard let readingTone else { return false }
        return readingTone == 5 || readingTone == typed
    }

    /// Interjection syllables (嗯 ng, 呣 m, 哦 o) and erhua r: valid alone, but allowing them inside
    /// longer queries would make any English word "pinyin" (m-o-o-n). Erhua r may end a query.
    private static let standalone: Set<String> = ["m", "n", "ng", "hm", "hng", "o", "r", "ê"]

    private static func splits(_ key: String) -> Bool {
        if inventory.contains(key) { return true }
        var key = key
        if key.count > 1, key.hasSuffix("r") { key.removeLast() }
        let letters = Array(key.utf8)
        var reachable = [Bool](repeating: false, count: letters.count + 1)
        reachable[0] = true
        for start in 0..<letters.count where reachable[start] {
            for length in 1...min(6, letters.count - start) {
                let piece = String(decoding: letters[start..<start + length], as: UTF8.self)
                if inventory.contains(piece) && !standalone.contains(piece) { reachable[start + length] = true }
            }
        }
        return reachable[letters.count]
    }

    /// Every syllable of Mandarin as pinyin spells it (ü as `v`), plus erhua `r`.
    static let inventory: Set<String> = Set(
        """
        a ai an ang ao ba bai ban bang bao bei ben beng bi bian biang biao bie bin bing bo bong bu ca cai can
        cang cao ce cei cen ceng cha chai chan chang chao che chen cheng chi chong chou chu chua chuai chuan
        chuang chui chun chuo ci cong cou cu cuan cui cun cuo da dai dan dang dao de dei den deng di dia dian
        diao die din ding diu dong dou du duan dui dun duo e ei en eng er fa fan fang fei fen feng fiao fo fou
        fu ga gai gan gang gao ge gei gen geng gong gou gu gua guai guan guang gui gun guo ha hai han hang hao
        he hei hen heng hm hng hong hou hu hua huai huan huang hui hun huo ji jia jian jiang jiao jie jin jing
        jiong jiu ju juan jue jun ka kai kan kang kao ke kei ken keng kong kou ku kua kuai kuan kuang kui kun
        kuo la lai lan lang lao le lei len leng li lia lian liang liao lie lin ling liu lo long lou lu luan
        lun luo lv lve m ma mai man mang mao me mei men meng mi mian miao mie min ming miu mo mou mu n na nai
        nan nang nao ne nei nen neng ng ni nia nian niang niao nie nin ning niu nong nou nu nuan nun nuo nv
        nve o ou pa pai pan pang pao pei pen peng pi pian piao pie pin ping po pou pu qi qia qian qiang qiao
        qie qin qing qiong qiu qu quan que qun r ran rang rao re ren reng ri rong rou ru rua ruan rui run ruo
        sa sai san sang sao se sen seng sha shai shan shang shao she shei shen sheng shi shou shu shua shuai
        shuan shuang shui shun shuo si song sou su suan sui sun suo ta tai tan tang tao te tei teng ti tian
        tiao tie ting tong tou tu tuan tui tun tuo wa wai wan wang wei wen weng wo wong wu xi xia xian xiang
        xiao xie xin xing xiong xiu xu xuan xue xun ya yan yang yao ye yi yin ying yo yong you yu yuan yue yun
        za zai zan zang zao ze zei zen zeng zha zhai zhan zhang zhao zhe zhei zhen zheng zhi zhong zhou zhu
        zhua zhuai zhuan zhuang zhui zhun zhuo zi zong zou zu zuan zui zun zuo
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
}
