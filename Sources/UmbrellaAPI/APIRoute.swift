/// Every JSON endpoint's path, so no path is spelled twice. Paths are relative to the site root.
public enum APIRoute {
    /// The API's version prefix.
    public static let prefix = ["api", "v1"]

    /// `GET /api/v1/openapi.json`: this API's OpenAPI document.
    public static let openAPI = prefix + ["openapi.json"]
    /// `GET, POST /api/v1/books`.
    public static let books = prefix + ["books"]
    /// `POST /api/v1/books/upload` (multipart file).
    public static let bookUpload = prefix + ["books", "upload"]
    /// `GET, DELETE /api/v1/books/{bookID}`.
    public static let book = prefix + ["books", ":bookID"]
    /// `GET, PUT /api/v1/books/{bookID}/pages/{page}` (PUT: correct the page's text).
    public static let page = prefix + ["books", ":bookID", "pages", ":page"]
    /// `PUT /api/v1/books/{bookID}/position`.
    public static let position = prefix + ["books", ":bookID", "position"]
    /// `GET /api/v1/lookup?word=…`.
    public static let lookup = prefix + ["lookup"]
    /// `GET, POST /api/v1/marks`.
    public static let marks = prefix + ["marks"]
    /// `GET, DELETE /api/v1/marks/{word}`.
    public static let mark = prefix + ["marks", ":word"]
    /// `POST /api/v1/marked-words/batch` (seed 000 §8 sync contract, used by the offline queue).
    public static let markBatch = prefix + ["marked-words", "batch"]
    /// `POST /api/v1/sessions`.
    public static let sessions = prefix + ["sessions"]
    /// `GET /api/v1/sessions/{sessionID}`.
    public static let session = prefix + ["sessions", ":sessionID"]
    /// `POST /api/v1/sessions/{sessionID}/activity`.
    public static let sessionActivity = prefix + ["sessions", ":sessionID", "activity"]
    /// `POST /api/v1/sessions/{sessionID}/end`.
    public static let sessionEnd = prefix + ["sessions", ":sessionID", "end"]
    /// `GET, PUT /api/v1/settings`.
    public static let settings = prefix + ["settings"]
    /// `GET /api/v1/proficiency`: the level estimate.
    public static let proficiency = prefix + ["proficiency"]
    /// `GET /api/v1/proficiency/history`: the estimates over time.
    public static let proficiencyHistory = prefix + ["proficiency", "history"]
    /// `GET /api/v1/progress`: the progress page's counts and the estimate.
    public static let progress = prefix + ["progress"]
    /// `GET /api/v1/words`: the word list, filtered and sorted.
    public static let words = prefix + ["words"]
    /// `GET /api/v1/words/export.csv`: the word list as CSV.
    public static let wordsExport = prefix + ["words", "export.csv"]
    /// `GET, POST /api/v1/placement`: the placement reading and its answer.
    public static let placement = prefix + ["placement"]
    /// `POST /api/v1/placement/skip`: decline the placement reading.
    public static let placementSkip = prefix + ["placement", "skip"]
    /// `GET, POST /api/v1/scans`: scan jobs (photos becoming a book).
    public static let scans = prefix + ["scans"]
    /// `GET, DELETE /api/v1/scans/{jobID}`.
    public static let scan = prefix + ["scans", ":jobID"]
    /// `PUT /api/v1/scans/{jobID}/pages/{pageID}`: correct a read page's text.
    public static let scanPage = prefix + ["scans", ":jobID", "pages", ":pageID"]
    /// `POST /api/v1/scans/{jobID}/pages/{pageID}/retry`: read a page again.
    public static let scanPageRetry = prefix + ["scans", ":jobID", "pages", ":pageID", "retry"]
    /// `GET, PUT /api/v1/scans/{jobID}/pages/{pageID}/image`: the photo; PUT a retake.
    public static let scanPageImage = prefix + ["scans", ":jobID", "pages", ":pageID", "image"]
    /// `GET /api/v1/serial-scans`: the serial scan history.
    public static let serialScans = prefix + ["serial-scans"]
    /// `DELETE /api/v1/serial-scans/{scanID}`.
    public static let serialScan = prefix + ["serial-scans", ":scanID"]
    /// `GET /api/v1/serial-scans/export.csv`: the history as CSV.
    public static let serialScansExport = prefix + ["serial-scans", "export.csv"]
    /// `POST /process-serial`: seed 002's serial-number OCR contract.
    public static let processSerial = ["process-serial"]
    /// `GET /params`: seed 002's presets and device types.
    public static let params = ["params"]
    /// `GET /health`.
    public static let health = ["health"]
}
