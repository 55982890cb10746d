/// A Chinese–English dictionary: headword lookup and the two reverse searches learners use.
public protocol Lexicon: Sendable {
    /// Every entry whose simplified or traditional headword is `headword`, best first.
    func entries(for headword: String) -> [DictionaryEntry]

    /// Entries with a sense matching the English `query`: whole-sense matches first, then
    /// entries whose sense contains the query as whole words; ties broken by word frequency.
    func search(english query: String, limit: Int) -> [DictionaryEntry]

    /// Entries whose reading is `query`, typed with or without tones (`yueliang`, `yue4liang`,
    /// `yuèliàng`); most frequent first.
    func search(pinyin query: PinyinQuery, limit: Int) -> [DictionaryEntry]

    /// How often the word occurs in running text (jieba's corpus counts); 0 if unknown.
    func frequency(of word: String) -> Int
}
