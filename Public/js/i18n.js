// Interface strings for the scripts, in the page's language (<html lang="en|zh-Hans">).

const STRINGS = {
    en: {
        close: "Close",
        closeLabel: "Close the dictionary card",
        loading: "Looking up…",
        notFound: "No definition found",
        lookupFailed: "Couldn't load the definition",
        lookupOffline: "Dictionary unavailable offline",
        markDifficult: "Mark difficult",
        markLabel: "Mark {word} as difficult",
        unmark: "Unmark",
        unmarkLabel: "Unmark {word}",
        marking: "Saving…",
        marked: "Marked {word}",
        unmarked: "Unmarked {word}",
        markFailed: "Couldn't save: {reason}",
        markedThisSession: "{count} marked this session",
        queued: "Offline — marks will be sent when you reconnect",
        synced: "Synced {count} offline change(s)",
        offline: "Offline",
        offlinePending: "Offline · {count}",
        pendingBadge: "{count} waiting",
        hsk: "HSK",
        hsk2: "HSK 2.0 level {level}",
        hsk3: "HSK 3.0 level {level}",
        measureWords: "Measure words",
        example: "Example",
        traditional: "Traditional",
        tapWordFirst: "Tap a word first",
        pageLoadFailed: "Couldn't load page {page}.",
        retry: "Retry",
        endOffline: "You're offline — reconnect to end the session; your marks are saved on this device.",
        endFailed: "Couldn't end the session: {reason}",
        ending: "Ending…",
        networkError: "network error",
    },
    "zh-Hans": {
        close: "关闭",
        closeLabel: "关闭词典卡片",
        loading: "正在查询…",
        notFound: "未找到释义",
        lookupFailed: "无法加载释义",
        lookupOffline: "离线时无法查词",
        markDifficult: "标记生词",
        markLabel: "把“{word}”标记为生词",
        unmark: "取消标记",
        unmarkLabel: "取消标记“{word}”",
        marking: "正在保存…",
        marked: "已标记“{word}”",
        unmarked: "已取消标记“{word}”",
        markFailed: "保存失败：{reason}",
        markedThisSession: "本次已标记 {count} 个",
        queued: "离线中——联网后会自动发送标记",
        synced: "已同步 {count} 条离线更改",
        offline: "离线",
        offlinePending: "离线 · {count}",
        pendingBadge: "{count} 条待同步",
        hsk: "HSK",
        hsk2: "HSK 2.0 {level} 级",
        hsk3: "HSK 3.0 {level} 级",
        measureWords: "量词",
        example: "例句",
        traditional: "繁体",
        tapWordFirst: "请先点一个词",
        pageLoadFailed: "第 {page} 页加载失败。",
        retry: "重试",
        endOffline: "当前离线——联网后才能结束本次阅读；标记已保存在本设备。",
        endFailed: "无法结束本次阅读：{reason}",
        ending: "正在结束…",
        networkError: "网络错误",
    },
};

/** The language of the page: "zh-Hans" for any Chinese `lang`, else "en". */
export function pageLanguage(doc = document) {
    const lang = (doc.documentElement.getAttribute("lang") || "en").toLowerCase();
    return lang.startsWith("zh") ? "zh-Hans" : "en";
}

/** The string for `key` with `{name}` placeholders filled from `vars`. */
export function t(key, vars = {}) {
    const table = STRINGS[pageLanguage()] || STRINGS.en;
    const template = table[key] ?? STRINGS.en[key] ?? key;
    return template.replace(/\{(\w+)\}/g, (match, name) => (name in vars ? String(vars[name]) : match));
}

export const strings = STRINGS;
