extension Strings {
    /// The scanning and serial pages' text.
    subscript(_ key: ScanKey) -> String {
        switch language {
        case .english: key.english
        case .simplifiedChinese: key.chinese
        }
    }

    /// "Processing page 2/5…".
    func processingPage(_ number: Int, of total: Int) -> String {
        language == .english ? "Processing page \(number)/\(total)…" : "正在识别第 \(number)/\(total) 页…"
    }

    /// "3 of 5 pages read".
    func pagesRead(_ done: Int, of total: Int) -> String {
        language == .english ? "\(done) of \(total) pages read" : "已识别 \(done)/\(total) 页"
    }

    /// Keys of the scanning and serial pages' text.
    enum ScanKey {
        case scanPages, scanIntro, takePhoto, choosePhotos, photosHint, reviewPhotos, noPhotos, moveEarlier
        case moveLater, rotate, remove, process, uploading, recentScans, noScans, scanTitle, pageN
        case statusQueued, statusProcessing, statusDone, statusFailed, retry, retake, saveCorrection, correctionHint
        case openBook, finished, finishedWithFailures, allFailed, lowConfidence, photoOf, offline, chooseRetake
        case ocrUnavailable, serialScanner, serialIntro, deviceType, preset, photo, scanSerial, dragBox
        case results, noSerial, history, exportCSV, serialNumber, format, confidence, plant, made, week, modelCode
        case valid, invalid, queuedOffline, copy, deleteScan, noHistory, scanned, resetBox, also, textOfPage

        var english: String {
            switch self {
            case .scanPages: "Scan pages"
            case .scanIntro:
                "Photograph the pages of a book. Put them in order, then Process: the text is read on the server and the book appears in your library."
            case .takePhoto: "Take a photo"
            case .choosePhotos: "Choose photos"
            case .photosHint:
                "JPEG, PNG or WebP, up to 20 MB and 50 megapixels each. Lay the page flat, fill the frame, avoid shadows."
            case .reviewPhotos: "Your photos, in reading order"
            case .noPhotos: "No photos yet."
            case .moveEarlier: "Move earlier"
            case .moveLater: "Move later"
            case .rotate: "Rotate"
            case .remove: "Remove"
            case .process: "Process"
            case .uploading: "Uploading…"
            case .recentScans: "Your scans"
            case .noScans: "You have not scanned anything yet."
            case .scanTitle: "Scanned book"
            case .pageN: "Page"
            case .statusQueued: "Waiting"
            case .statusProcessing: "Reading…"
            case .statusDone: "Read"
            case .statusFailed: "Failed"
            case .retry: "Retry"
            case .retake: "Retake"
            case .saveCorrection: "Save text"
            case .correctionHint: "Correct anything the scanner misread; the page is segmented again when you save."
            case .openBook: "Open the book"
            case .finished: "Done: every page was read."
            case .finishedWithFailures:
                "Done, but some pages could not be read. Retry or retake them; the others are already in the book."
            case .allFailed: "No page could be read. Retry or retake the photos."
            case .lowConfidence: "Low confidence: check this line"
            case .photoOf: "Photo of page"
            case .offline: "You are offline. Connect to upload the photos."
            case .chooseRetake: "New photo"
            case .ocrUnavailable: "The text recogniser is not available on this server"
            case .serialScanner: "Serial number scanner"
            case .serialIntro:
                "Photograph an Apple serial number: engraved on a Mac, on an iPhone's About screen, or on a label."
            case .deviceType: "Device"
            case .preset: "Where the serial is"
            case .photo: "Photo"
            case .scanSerial: "Read serial"
            case .dragBox: "Drag the box over the serial number; drag its corner to resize it."
            case .results: "Result"
            case .noSerial: "No valid serial number was found."
            case .history: "History"
            case .exportCSV: "Download CSV"
            case .serialNumber: "Serial number"
            case .format: "Format"
            case .confidence: "Confidence"
            case .plant: "Plant"
            case .made: "Made"
            case .week: "week"
            case .modelCode: "Model code"
            case .valid: "valid"
            case .invalid: "not valid"
            case .queuedOffline: "Offline: the photo is saved and will be read when the connection returns."
            case .copy: "Copy"
            case .deleteScan: "Delete"
            case .noHistory: "No scans yet."
            case .scanned: "Scanned"
            case .resetBox: "Reset box"
            case .also: "Other readings"
            case .textOfPage: "Text of page"
            }
        }

        var chinese: String {
            switch self {
            case .scanPages: "扫描书页"
            case .scanIntro: "给书页拍照，排好顺序后点“识别”：服务器识别文字后，书会出现在你的书库里。"
            case .takePhoto: "拍照"
            case .choosePhotos: "选择照片"
            case .photosHint: "JPEG、PNG 或 WebP，每张不超过 20 MB、5000 万像素。书页放平、占满画面、避免阴影。"
            case .reviewPhotos: "你的照片（按阅读顺序）"
            case .noPhotos: "还没有照片。"
            case .moveEarlier: "前移"
            case .moveLater: "后移"
            case .rotate: "旋转"
            case .remove: "删除"
            case .process: "识别"
            case .uploading: "正在上传…"
            case .recentScans: "你的扫描"
            case .noScans: "你还没有扫描过。"
            case .scanTitle: "扫描的书"
            case .pageN: "第几页"
            case .statusQueued: "等待中"
            case .statusProcessing: "识别中…"
            case .statusDone: "已识别"
            case .statusFailed: "失败"
            case .retry: "重试"
            case .retake: "重拍"
            case .saveCorrection: "保存文字"
            case .correctionHint: "改正识别错误的地方；保存后会重新分词。"
            case .openBook: "打开这本书"
            case .finished: "完成：所有页面都已识别。"
            case .finishedWithFailures: "完成，但有些页面无法识别。请重试或重拍；其他页面已在书中。"
            case .allFailed: "没有一页能识别。请重试或重拍。"
            case .lowConfidence: "可信度低：请检查这一行"
            case .photoOf: "页面照片"
            case .offline: "你已离线。联网后才能上传照片。"
            case .chooseRetake: "新照片"
            case .ocrUnavailable: "此服务器上的文字识别不可用"
            case .serialScanner: "序列号扫描"
            case .serialIntro: "给苹果序列号拍照：Mac 上刻印的、iPhone“关于本机”页面上的，或标签上的。"
            case .deviceType: "设备"
            case .preset: "序列号的位置"
            case .photo: "照片"
            case .scanSerial: "识别序列号"
            case .dragBox: "把方框拖到序列号上；拖动角可以调整大小。"
            case .results: "结果"
            case .noSerial: "没有找到有效的序列号。"
            case .history: "历史记录"
            case .exportCSV: "下载 CSV"
            case .serialNumber: "序列号"
            case .format: "格式"
            case .confidence: "可信度"
            case .plant: "工厂"
            case .made: "生产"
            case .week: "周"
            case .modelCode: "型号代码"
            case .valid: "有效"
            case .invalid: "无效"
            case .queuedOffline: "已离线：照片已保存，联网后会自动识别。"
            case .copy: "复制"
            case .deleteScan: "删除"
            case .noHistory: "还没有扫描记录。"
            case .scanned: "扫描时间"
            case .resetBox: "重置方框"
            case .also: "其他读法"
            case .textOfPage: "页面文字"
            }
        }
    }
}
