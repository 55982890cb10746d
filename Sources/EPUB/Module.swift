// The EPUB target reads EPUB containers safely; see EPUBBook.
