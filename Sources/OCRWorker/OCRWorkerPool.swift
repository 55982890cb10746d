public import Foundation
public import Scanning

/// The PP-OCR engine behind the ``TextRecognizer`` protocol: a pool of long-lived worker processes
/// (`workers/ocr/worker.py`), at most one per core. Models load once per worker; a worker that dies
/// is replaced on the next request, one that overruns the time limit is killed, and when no worker
/// can start every request fails at once with ``TextRecognitionError/unavailable(reason:)`` rather
/// than waiting.
public actor OCRWorkerPool: TextRecognizer {
    private let configuration: OCRWorkerConfiguration
    private var idle: [WorkerProcess] = []
    private var live = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var info: OCREngineInfo?
    private var startFailure: (reason: String, at: ContinuousClock.Instant)?
    private var nextID = 0

    /// Creates a pool; no worker starts until the first request.
    public init(configuration: OCRWorkerConfiguration) {
        self.configuration = configuration
        // A worker that dies mid-request closes its stdin pipe; writing to it must be an error we
        // handle, not a SIGPIPE that ends the server.
        signal(SIGPIPE, SIG_IGN)
    }

    /// The engine's name, versions, models and serial presets (starts a worker if none runs).
    public func engineInfo() async throws(TextRecognitionError) -> OCREngineInfo {
        if let info { return info }
        try await withWorker { _ in }
        guard let info else { throw .unavailable(reason: "the OCR worker did not describe itself.") }
        return info
    }

    /// See ``TextRecognizer/recognizePage(at:options:)``.
    public func recognizePage(
        at file: URL, options: PageRecognitionOptions
    ) async throws(TextRecognitionError)
        -> RecognizedPage
    {
        let request = WorkerRequest(
            op: "page", id: "", path: file.path, rotation: options.rotation.rawValue,
            roi: options.region.map { [$0.x, $0.y, $0.width, $0.height] }, preprocess: options.preprocess)
        let response = try await send(request)
        let lines = response.lines.map {
            RecognizedLine(
                text: $0.text, confidence: $0.confidence, box: $0.points, isVertical: $0.vertical ?? false)
        }
        return RecognizedPage(
            width: response.width, height: response.height, lines: lines, seconds: response.seconds ?? 0)
    }

    /// The serial-alphabet lines on a photo of a serial number (`preset`: etched, screen or sticker).
    public func readSerialText(
        at file: URL, preset: String, region: RegionOfInterest?, rotation: QuarterTurn = .none
    ) async throws(TextRecognitionError) -> SerialTextReading {
        let request = WorkerRequest(
            op: "serial", id: "", path: file.path, rotation: rotation.rawValue,
            roi: region.map { [$0.x, $0.y, $0.width, $0.height] }, preset: preset)
        let response = try await send(request)
        let lines = response.lines.map {
            SerialTextLine(text: $0.text, confidence: $0.confidence, box: $0.points, alternatives: $0.alternatives)
        }
        return SerialTextReading(
            width: response.width, height: response.height, lines: lines, seconds: response.seconds ?? 0)
    }

    /// Stops every idle worker (busy ones stop when their request ends and the pool is gone).
    public func shutdown() {
        for worker in idle { worker.stop() }
        live -= idle.count
        idle.removeAll()
    }

    /// Kills the idle workers without telling the pool, as a crash would (for tests).
    func killIdleWorkersForTesting() {
        for worker in idle { worker.stop() }
    }

    private func send(_ request: WorkerRequest) async throws(TextRecognitionError) -> WorkerLinesResponse {
        var request = request
        nextID += 1
        request.id = String(nextID)
        let timeout = configuration.requestTimeout
        var line: Data?
        // A worker that died while idle is noticed only when a request meets it: that request gets
        // one more try on a fresh worker.
        for attempt in 1...2 where line == nil {
            line = try await withWorker { worker -> Data? in
                do {
                    try worker.send(JSONEncoder().encode(request))
                    return try await worker.nextLine(timeout: timeout)
                } catch WorkerProcessError.timedOut {
                    throw TextRecognitionError.timedOut(seconds: Double(timeout.components.seconds))
                } catch {
                    if attempt == 1 { return nil }
                    throw TextRecognitionError.failed(message: "the OCR worker stopped unexpectedly.")
                }
            }
        }
        guard let line else { throw .failed(message: "the OCR worker stopped unexpectedly.") }
        let decoder = JSONDecoder()
        guard let status = try? decoder.decode(WorkerStatus.self, from: line) else {
            throw .failed(message: "the OCR worker sent an answer that is not JSON.")
        }
        guard status.ok else {
            let message = status.message ?? "the OCR worker could not read this image."
            switch status.error {
            case "unreadable_image", "unsupported_image", "image_too_large": throw .badImage(message: message)
            default: throw .failed(message: message)
            }
        }
        do {
            return try decoder.decode(WorkerLinesResponse.self, from: line)
        } catch {
            throw .failed(message: "the OCR worker's answer was incomplete.")
        }
    }

    /// Runs `body` with a worker of its own, starting one if the pool has room, else waiting.
    private func withWorker<T: Sendable>(
        _ body: (WorkerProcess) async throws -> T
    ) async throws(TextRecognitionError)
        -> T
    {
        let worker = try await acquire()
        do {
            let result = try await body(worker)
            release(worker)
            return result
        } catch {
            release(worker)
            if let error = error as? TextRecognitionError { throw error }
            throw .failed(message: "\(error)")
        }
    }

    private func acquire() async throws(TextRecognitionError) -> WorkerProcess {
        while true {
            while let worker = idle.popLast() {
                if worker.isRunning { return worker }
                live -= 1
            }
            if live < configuration.workerCount {
                if let failure = startFailure, ContinuousClock.now - failure.at < .seconds(5) {
                    throw .unavailable(reason: failure.reason)
                }
                live += 1
                do {
                    let worker = try await start()
                    startFailure = nil
                    return worker
                } catch {
                    live -= 1
                    startFailure = (error.reasonText, ContinuousClock.now)
                    wakeOne()
                    throw .unavailable(reason: error.reasonText)
                }
            }
            await withCheckedContinuation { waiters.append($0) }
        }
    }

    private func release(_ worker: WorkerProcess) {
        if worker.isRunning {
            idle.append(worker)
        } else {
            live -= 1
        }
        wakeOne()
    }

    private func wakeOne() {
        if !waiters.isEmpty { waiters.removeFirst().resume() }
    }

    private func start() async throws(WorkerStartError) -> WorkerProcess {
        guard FileManager.default.isExecutableFile(atPath: configuration.python.path) else {
            throw WorkerStartError(
                reasonText: "the OCR worker's Python environment is missing (\(configuration.python.path)). "
                    + "Run workers/ocr/install.")
        }
        guard FileManager.default.fileExists(atPath: configuration.script.path) else {
            throw WorkerStartError(reasonText: "the OCR worker is missing (\(configuration.script.path)).")
        }
        let worker: WorkerProcess
        do {
            worker = try WorkerProcess(configuration: configuration)
        } catch {
            throw WorkerStartError(reasonText: "the OCR worker could not be started (\(error.localizedDescription)).")
        }
        do {
            let hello = try await worker.nextLine(timeout: configuration.startTimeout)
            if info == nil { info = try JSONDecoder().decode(OCREngineInfo.self, from: hello) }
            return worker
        } catch {
            worker.stop()
            let detail = worker.errorOutput.split(separator: "\n").last.map(String.init) ?? "no output"
            if case WorkerProcessError.timedOut = error {
                throw WorkerStartError(reasonText: "the OCR worker did not start in time (\(detail)).")
            }
            throw WorkerStartError(reasonText: "the OCR worker failed to start (\(detail)).")
        }
    }
}

/// Why a worker did not start.
struct WorkerStartError: Error {
    var reasonText: String
}
