import Reading

/// The interface text in each language the app speaks. Keys are English phrases' ids.
struct Strings: Sendable {
    let language: InterfaceLanguage

    subscript(_ key: Key) -> String {
        switch language {
        case .english: key.english
        case .simplifiedChinese: key.chinese
        }
    }

    var htmlLang: String { language.rawValue }

    enum Key {
        case appName, library, addBook, settings, about, startReading, continueReading, pages, page, by
        case gradedReaders, yourBooks, noBooks, delete, deleteConfirm, deletedNotice
        case title, author, optional, pasteText, orUploadFile, fileHint, add, cancel
        case fontSize, pinyinDisplay, pinyinOff, pinyinAll, pinyinBeyond, toneColors, theme, themeSystem
        case themeLight, themeDark, language, myLevel, standard, save, saved, back
        case previous, next, markWord, end, readingProgress, bookText, readingControls
        case sessionSummary, timeRead, pagesReached, wordsLookedUp, wordsMarked, markedThisSession, backToBook
        case notFoundTitle, errorTitle, minutes, none, progressLabel, hskLevel, skip, mainNavigation
        case aboutIntro, aboutData, aboutDataDetail, readerHelp

        var english: String {
            switch self {
            case .appName: "Umbrella"
            case .library: "Library"
            case .addBook: "Add a book"
            case .settings: "Settings"
            case .about: "About"
            case .startReading: "Start reading"
            case .continueReading: "Continue"
            case .pages: "pages"
            case .page: "Page"
            case .by: "by"
            case .gradedReaders: "Graded readers"
            case .yourBooks: "Your books"
            case .noBooks: "No books of your own yet. Paste text or upload a .txt or .epub file."
            case .delete: "Delete"
            case .deleteConfirm: "Delete this book? Words you marked in it stay in your word list."
            case .deletedNotice: "The book was deleted. Words you marked in it stay in your word list"
            case .title: "Title"
            case .author: "Author"
            case .optional: "optional"
            case .pasteText: "Paste Chinese text"
            case .orUploadFile: "…or upload a file"
            case .fileHint:
                "Plain text (UTF-8, UTF-16 or GB18030) or EPUB. Put --- on its own line to start a new page."
            case .add: "Add book"
            case .cancel: "Cancel"
            case .fontSize: "Text size"
            case .pinyinDisplay: "Pinyin above characters"
            case .pinyinOff: "Off"
            case .pinyinAll: "On"
            case .pinyinBeyond: "Only above words beyond my level"
            case .toneColors: "Colour characters by tone"
            case .theme: "Theme"
            case .themeSystem: "Same as device"
            case .themeLight: "Light"
            case .themeDark: "Dark"
            case .language: "Interface language"
            case .myLevel: "My HSK level"
            case .standard: "HSK word lists"
            case .save: "Save"
            case .saved: "Settings saved."
            case .back: "Back"
            case .previous: "◀ Previous"
            case .next: "Next ▶"
            case .markWord: "Mark word"
            case .end: "End"
            case .readingProgress: "Reading progress"
            case .bookText: "Book text"
            case .readingControls: "Reading controls"
            case .sessionSummary: "Session summary"
            case .timeRead: "Time read"
            case .pagesReached: "Pages read"
            case .wordsLookedUp: "Words looked up"
            case .wordsMarked: "Words marked"
            case .markedThisSession: "Marked this session"
            case .backToBook: "Back to the book"
            case .notFoundTitle: "Not found"
            case .errorTitle: "Something went wrong"
            case .minutes: "min"
            case .none: "None"
            case .progressLabel: "read"
            case .hskLevel: "HSK"
            case .skip: "Skip to the text"
            case .mainNavigation: "Main"
            case .readerHelp:
                "Arrow keys move from word to word; Enter looks the word up; M marks or unmarks it. "
                    + "Marked words are highlighted."
            case .aboutIntro:
                "Umbrella is an open-source reader for learners of Chinese: tap any word for its meaning, "
                    + "mark the words you don't know, and see your progress. Everything runs on this server; "
                    + "nothing is sent anywhere else."
            case .aboutData: "Data and licences"
            case .aboutDataDetail:
                "The dictionary is CC-CEDICT, licensed under Creative Commons Attribution-ShareAlike 4.0 "
                    + "(CC BY-SA 4.0), © MDBG and the CC-CEDICT contributors. "
                    + "The full notices for every bundled dataset follow."
            }
        }

        var chinese: String {
            switch self {
            case .appName: "Umbrella"
            case .library: "书库"
            case .addBook: "添加书籍"
            case .settings: "设置"
            case .about: "关于"
            case .startReading: "开始阅读"
            case .continueReading: "继续阅读"
            case .pages: "页"
            case .page: "第"
            case .by: "作者"
            case .gradedReaders: "分级读物"
            case .yourBooks: "我的书"
            case .noBooks: "还没有自己的书。粘贴文本，或上传 .txt / .epub 文件。"
            case .delete: "删除"
            case .deleteConfirm: "删除这本书？你在书中标记的词会保留在生词表里。"
            case .deletedNotice: "书已删除。你在书中标记的词仍保留在生词表里"
            case .title: "书名"
            case .author: "作者"
            case .optional: "可选"
            case .pasteText: "粘贴中文文本"
            case .orUploadFile: "……或上传文件"
            case .fileHint: "纯文本（UTF-8、UTF-16 或 GB18030）或 EPUB。单独一行写 --- 表示新的一页。"
            case .add: "添加"
            case .cancel: "取消"
            case .fontSize: "字号"
            case .pinyinDisplay: "汉字上方显示拼音"
            case .pinyinOff: "关闭"
            case .pinyinAll: "开启"
            case .pinyinBeyond: "只在超出我水平的词上显示"
            case .toneColors: "按声调给汉字上色"
            case .theme: "主题"
            case .themeSystem: "跟随设备"
            case .themeLight: "浅色"
            case .themeDark: "深色"
            case .language: "界面语言"
            case .myLevel: "我的 HSK 水平"
            case .standard: "HSK 词表"
            case .save: "保存"
            case .saved: "设置已保存。"
            case .back: "返回"
            case .previous: "◀ 上一页"
            case .next: "下一页 ▶"
            case .markWord: "标记生词"
            case .end: "结束"
            case .readingProgress: "阅读进度"
            case .bookText: "正文"
            case .readingControls: "阅读控制"
            case .sessionSummary: "本次阅读小结"
            case .timeRead: "阅读时间"
            case .pagesReached: "阅读页数"
            case .wordsLookedUp: "查词次数"
            case .wordsMarked: "标记生词"
            case .markedThisSession: "本次标记的词"
            case .backToBook: "回到书中"
            case .notFoundTitle: "未找到"
            case .errorTitle: "出错了"
            case .minutes: "分钟"
            case .none: "无"
            case .progressLabel: "已读"
            case .hskLevel: "HSK"
            case .skip: "跳到正文"
            case .mainNavigation: "主导航"
            case .readerHelp: "用方向键在词之间移动，按回车查词，按 M 标记或取消标记。标记的词会高亮显示。"
            case .aboutIntro: "Umbrella 是一个开源的中文阅读工具：点任何词就能看到释义，标记不认识的词，查看自己的进步。一切都在这台服务器上运行，不向别处发送任何数据。"
            case .aboutData: "数据与许可"
            case .aboutDataDetail:
                "词典来自 CC-CEDICT，采用知识共享署名—相同方式共享 4.0 许可（CC BY-SA 4.0），© MDBG 与 CC-CEDICT 贡献者。"
                    + "下面是每个内置数据集的完整声明（英文）。"
            }
        }
    }

    /// "Page 3" / "第 3 页".
    func page(_ number: Int) -> String {
        language == .english ? "Page \(number)" : "第 \(number) 页"
    }

    /// "12 pages" / "12 页".
    func pageCount(_ count: Int) -> String {
        language == .english ? "\(count) page\(count == 1 ? "" : "s")" : "\(count) 页"
    }
}
