public import ChineseText

/// Segments page text into words and gives each its reading and HSK level.
public struct PageAnnotator: Sendable {
    private let resources: ChineseTextResources
    private let segmenter: LatticeSegmenter
    private let transcriber: PinyinTranscriber

    /// Creates an annotator over loaded resources.
    public init(resources: ChineseTextResources) {
        self.resources = resources
        let segmenter = resources.makeSegmenter()
        self.segmenter = segmenter
        transcriber = PinyinTranscriber(resources: resources, segmenter: segmenter)
    }

    /// Annotates `text`, giving levels in `standard`.
    ///
    /// If segmentation does not account for every character of the text, the page falls back to one
    /// piece per character so every character stays tappable.
    public func annotate(_ text: String, standard: HSKStandard) -> AnnotatedPage {
        let tokens = transcriber.transcribe(text)
        guard tokens.map(\.token.text).joined() == text else {
            return characterFallback(text, standard: standard)
        }
        var paragraphs: [[AnnotatedToken]] = [[]]
        for pinyinToken in tokens {
            let token = pinyinToken.token
            if token.kind == .whitespace, token.text.contains(where: \.isNewline) {
                if !(paragraphs.last?.isEmpty ?? true) { paragraphs.append([]) }
                continue
            }
            let isWord = token.isChinese
            paragraphs[paragraphs.count - 1].append(
                AnnotatedToken(
                    text: token.text, isWord: isWord,
                    hasEntry: isWord && (resources.lexicon.contains(token.text) || token.source == .user),
                    syllables: pinyinToken.syllables,
                    hskLevel: isWord ? resources.hsk.level(ofWord: token.text, in: standard) : nil,
                    utf16Offset: token.utf16Range.lowerBound))
        }
        if paragraphs.last?.isEmpty ?? false { paragraphs.removeLast() }
        return AnnotatedPage(paragraphs: paragraphs, isCharacterFallback: false)
    }

    /// One piece per character, each with its most common reading.
    public func characterFallback(_ text: String, standard: HSKStandard) -> AnnotatedPage {
        var paragraphs: [[AnnotatedToken]] = [[]]
        var offset = 0
        for character in text {
            defer { offset += character.utf16.count }
            if character.isNewline {
                if !(paragraphs.last?.isEmpty ?? true) { paragraphs.append([]) }
                continue
            }
            let string = String(character)
            let isWord = character.unicodeScalars.contains(where: \.isHan)
            let syllables = transcriber.readings(
                of: Token(
                    text: string, kind: isWord ? .chineseWord : .other, source: .unknown,
                    utf16Range: offset..<offset + character.utf16.count, characterRange: 0..<0))
            paragraphs[paragraphs.count - 1].append(
                AnnotatedToken(
                    text: string, isWord: isWord, hasEntry: isWord && resources.lexicon.contains(string),
                    syllables: syllables,
                    hskLevel: isWord ? resources.hsk.level(ofWord: string, in: standard) : nil, utf16Offset: offset))
        }
        if paragraphs.last?.isEmpty ?? false { paragraphs.removeLast() }
        return AnnotatedPage(paragraphs: paragraphs, isCharacterFallback: true)
    }
}
