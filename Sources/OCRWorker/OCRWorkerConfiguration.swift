public import Foundation

/// Where the OCR worker is and how many to run.
public struct OCRWorkerConfiguration: Sendable, Hashable {
    /// The Python interpreter (the worker's virtual environment).
    public var python: URL
    /// `workers/ocr/worker.py`.
    public var script: URL
    /// How many worker processes may run at once (at most one per core).
    public var workerCount: Int
    /// ONNX Runtime threads in each worker.
    public var threadsPerWorker: Int
    /// How long a worker may take to load its models and say hello.
    public var startTimeout: Duration
    /// How long one image may take before the worker is killed and restarted.
    public var requestTimeout: Duration

    /// Creates a configuration.
    public init(
        python: URL, script: URL, workerCount: Int = 1, threadsPerWorker: Int? = nil,
        startTimeout: Duration = .seconds(60), requestTimeout: Duration = .seconds(60)
    ) {
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        self.python = python
        self.script = script
        self.workerCount = min(max(1, workerCount), cores)
        self.threadsPerWorker = threadsPerWorker ?? max(1, cores / self.workerCount)
        self.startTimeout = startTimeout
        self.requestTimeout = requestTimeout
    }

    /// The configuration from the environment: `UMBRELLA_OCR_PYTHON` and `UMBRELLA_OCR_WORKER`
    /// (default: `workers/ocr/.venv/bin/python` and `workers/ocr/worker.py` under the first of
    /// `searchRoots` that has them), `UMBRELLA_OCR_WORKERS` (default 1) and
    /// `UMBRELLA_OCR_TIMEOUT_SECONDS` (default 60).
    public static func fromEnvironment(_ environment: [String: String], searchRoots: [URL]) -> OCRWorkerConfiguration {
        func value(_ name: String) -> String? {
            guard let value = environment[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
                return nil
            }
            return value
        }
        let root =
            searchRoots.first {
                FileManager.default.fileExists(atPath: $0.appendingPathComponent("workers/ocr/worker.py").path)
            } ?? searchRoots.first ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let script =
            value("UMBRELLA_OCR_WORKER").map { URL(fileURLWithPath: $0) }
            ?? root.appendingPathComponent("workers/ocr/worker.py")
        let python =
            value("UMBRELLA_OCR_PYTHON").map { URL(fileURLWithPath: $0) }
            ?? root.appendingPathComponent("workers/ocr/.venv/bin/python")
        let workers = value("UMBRELLA_OCR_WORKERS").flatMap(Int.init) ?? 1
        let timeout = value("UMBRELLA_OCR_TIMEOUT_SECONDS").flatMap(Int.init).map { max(5, $0) } ?? 60
        return OCRWorkerConfiguration(
            python: python, script: script, workerCount: workers, requestTimeout: .seconds(timeout))
    }

    /// The folders to look for `workers/ocr` in: the working directory and the executable's
    /// ancestors (so `.build/release/umbrella` finds the checkout it was built in).
    public static func defaultSearchRoots() -> [URL] {
        var roots = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
        var folder = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<6 {
            roots.append(folder)
            folder = folder.deletingLastPathComponent()
        }
        return roots
    }
}
