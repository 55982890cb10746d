"""The small ES modules, exercised inside a page of the running server (desktop only)."""

from __future__ import annotations

import re

import pytest

from helpers import open_reader


@pytest.fixture
def page(driver, base_url):
    if driver.device != "desktop":
        pytest.skip("module checks run once")
    driver.get(base_url + "/")
    href = driver.find_element("css selector", "a.book-card").get_attribute("href")
    open_reader(driver, href)
    return driver


def run_module(driver, script: str):
    """Runs `script` (an async function body receiving `load(name)`) and returns its result."""
    return driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        const version = new URL(document.querySelector('script[src*="reader.js"]').src).search;
        const load = (name) => import(`/js/${name}${version}`);
        (async (load) => { %s })(load).then(done, (error) => done({error: String(error)}));
        """
        % script
    )


def test_sentence_around_a_word(page):
    result = run_module(
        page,
        """
        const { sentenceAround } = await load('text.js');
        const section = document.createElement('section');
        section.className = 'page';
        section.innerHTML = '<p>第一句。<span class="w" data-w="月亮">月亮<rt>yuè liang</rt></span>在'
            + '<span class="w" data-w="天空">天空</span>！第三句？</p><p>新段落<span class="w" data-w="书">书</span>没有句号</p>';
        document.body.append(section);
        const words = section.querySelectorAll('.w');
        const long = document.createElement('section');
        long.className = 'page';
        long.innerHTML = '<p>' + '长'.repeat(200) + '<span class="w" data-w="中">中</span>' + '长'.repeat(200) + '。</p>';
        document.body.append(long);
        const out = [sentenceAround(words[0]), sentenceAround(words[1]), sentenceAround(words[2]),
                     sentenceAround(long.querySelector('.w'))];
        section.remove(); long.remove();
        return out;
        """,
    )
    assert result[0] == "月亮在天空！", result
    assert result[1] == "月亮在天空！"
    assert result[2] == "新段落书没有句号", "a paragraph break ends a sentence"
    assert len(result[3]) <= 120 and "中" in result[3], result[3]


def test_uuid_fallback_without_random_uuid(page):
    result = run_module(
        page,
        """
        const { uuid } = await load('uuid.js');
        const native = uuid();
        const saved = crypto.randomUUID;
        Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
        const fallback = [uuid(), uuid()];
        Object.defineProperty(crypto, 'randomUUID', { value: saved, configurable: true });
        return [native, ...fallback];
        """,
    )
    pattern = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")
    assert all(pattern.match(value) for value in result), result
    assert result[1] != result[2]


def test_chinese_interface_strings(page):
    result = run_module(
        page,
        """
        const { t } = await load('i18n.js');
        const html = document.documentElement;
        const saved = html.lang;
        html.lang = 'zh-Hans';
        const zh = [t('markDifficult'), t('notFound'), t('unmarked', { word: '月亮' })];
        html.lang = 'en';
        const en = [t('markDifficult'), t('notFound'), t('unmarked', { word: '月亮' })];
        html.lang = saved;
        return { zh, en };
        """,
    )
    assert result["en"] == ["Mark difficult", "No definition found", "Unmarked 月亮"]
    assert result["zh"][0] == "标记生词" and "月亮" in result["zh"][2]


def test_queue_keeps_failed_changes_and_drops_after_three_attempts(page):
    result = run_module(
        page,
        """
        const { MarkQueue } = await load('mark-queue.js');
        const memory = new Map();
        const storage = { getItem: k => memory.get(k) ?? null, setItem: (k, v) => memory.set(k, v),
                          removeItem: k => memory.delete(k) };
        const realFetch = window.fetch;
        let calls = 0;
        // Only the queue's own URL is answered here: the reader page around the test keeps
        // fetching (pages, position, session) and those requests go to the real server.
        window.fetch = async (url, init) => {
            if (String(url) !== '/test/marked-words/batch') return realFetch(url, init);
            calls += 1;
            const changes = JSON.parse(init.body).changes;
            const results = changes.map(c => ({ eventID: c.eventID, status: c.word === 'bad' ? 'failed' : 'applied',
                                                reason: 'no' }));
            return new Response(JSON.stringify({ synced: 1, failed: 1, lastSyncAt: '', results }), { status: 200 });
        };
        try {
            const queue = new MarkQueue({ url: '/test/marked-words/batch', storage });
            queue.add({ eventID: 'a', word: 'good', marked: true });
            queue.add({ eventID: 'b', word: 'bad', marked: true });
            const first = await queue.flush();
            const afterFirst = queue.items.map(i => [i.word, i.attempts]);
            await queue.flush();
            const third = await queue.flush();
            return { first: first.applied.map(c => c.word), afterFirst, dropped: third.dropped.map(c => c.word),
                     left: queue.size, calls };
        } finally {
            window.fetch = realFetch;
        }
        """,
    )
    assert result["first"] == ["good"]
    assert result["afterFirst"] == [["bad", 1]]
    assert result["dropped"] == ["bad"] and result["left"] == 0 and result["calls"] == 3
