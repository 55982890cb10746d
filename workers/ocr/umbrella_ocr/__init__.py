"""Umbrella's OCR worker: PP-OCR (rapidocr + onnxruntime) for book pages and serial numbers.

See workers/ocr/PROTOCOL.md. Modules: imageio (safe image loading, shared), preprocess and page
(pages), serial (serial numbers), engine (the one RapidOCR instance).
"""
