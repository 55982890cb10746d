public import FluentKit

/// The schema migrations, in the order they run. Never edit one after it ships; add a new one.
public enum UmbrellaMigrations {
    /// Every migration, oldest first.
    public static var all: [any Migration] {
        [
            M001_CreateUsers(), M002_CreateBooks(), M003_CreatePages(), M004_CreateReadingSessions(),
            M005_CreateWordMarks(), M006_CreateWordEvents(), M007_CreateSessionPages(), M008_CreateWordExposures(),
            M009_CreateUserSettings(), M010_AddStarterLibrarySeededToUsers(), M011_CreateProficiencySnapshots(),
            M012_CreatePlacementAnswers(), M013_CreateScanJobs(), M014_CreateSerialScans(),
        ]
    }
}

struct M001_CreateUsers: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("users")
            .id()
            .field("display_name", .string, .required)
            .field("is_anonymous", .bool, .required)
            .field("created_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws { try await database.schema("users").delete() }
}

struct M002_CreateBooks: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("books")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("title", .string, .required)
            .field("author", .string)
            .field("source", .string, .required)
            .field("hsk_level", .int)
            .field("page_count", .int, .required)
            .field("character_count", .int, .required)
            .field("position_page", .int, .required)
            .field("position_fraction", .double, .required)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws { try await database.schema("books").delete() }
}

struct M003_CreatePages: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("pages")
            .id()
            .field("book_id", .uuid, .required, .references("books", "id", onDelete: .cascade))
            .field("number", .int, .required)
            .field("text", .string, .required)
            .field("chapter_title", .string)
            .field("image_path", .string)
            .field("recognized_lines", .string, .required)
            .field("character_count", .int, .required)
            .unique(on: "book_id", "number")
            .create()
    }

    func revert(on database: any Database) async throws { try await database.schema("pages").delete() }
}

struct M004_CreateReadingSessions: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("reading_sessions")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("book_id", .uuid, .references("books", "id", onDelete: .setNull))
            .field("book_title", .string, .required)
            .field("started_at", .datetime, .required)
            .field("last_activity_at", .datetime, .required)
            .field("ended_at", .datetime)
            .field("end_reason", .string)
            .field("seconds_read", .int, .required)
            .field("start_page", .int, .required)
            .field("furthest_page", .int, .required)
            .field("pages_reached", .int, .required)
            .create()
    }

    func revert(on database: any Database) async throws { try await database.schema("reading_sessions").delete() }
}

struct M005_CreateWordMarks: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("word_marks")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("word", .string, .required)
            .field("is_marked", .bool, .required)
            .field("mark_count", .int, .required)
            .field("book_id", .uuid, .references("books", "id", onDelete: .setNull))
            .field("book_title", .string)
            .field("page_number", .int)
            .field("sentence", .string)
            .field("first_marked_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .unique(on: "user_id", "word")
            .create()
    }

    func revert(on database: any Database) async throws { try await database.schema("word_marks").delete() }
}

struct M006_CreateWordEvents: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("word_events")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("kind", .string, .required)
            .field("word", .string, .required)
            .field("book_id", .uuid, .references("books", "id", onDelete: .setNull))
            .field("page_number", .int)
            .field("session_id", .uuid, .references("reading_sessions", "id", onDelete: .setNull))
            .field("sentence", .string)
            .field("occurred_at", .datetime, .required)
            .field("recorded_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws { try await database.schema("word_events").delete() }
}

struct M007_CreateSessionPages: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("session_pages")
            .id()
            .field("session_id", .uuid, .required, .references("reading_sessions", "id", onDelete: .cascade))
            .field("page_number", .int, .required)
            .field("reached_at", .datetime, .required)
            .unique(on: "session_id", "page_number")
            .create()
    }

    func revert(on database: any Database) async throws { try await database.schema("session_pages").delete() }
}

struct M008_CreateWordExposures: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("word_exposures")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("word", .string, .required)
            .field("seen_count", .int, .required)
            .field("first_seen_at", .datetime, .required)
            .field("last_seen_at", .datetime, .required)
            .unique(on: "user_id", "word")
            .create()
    }

    func revert(on database: any Database) async throws { try await database.schema("word_exposures").delete() }
}

struct M009_CreateUserSettings: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("user_settings")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("font_size", .int, .required)
            .field("pinyin", .string, .required)
            .field("tone_colors", .bool, .required)
            .field("theme", .string, .required)
            .field("language", .string, .required)
            .field("level", .int, .required)
            .field("standard", .string, .required)
            .unique(on: "user_id")
            .create()
    }

    func revert(on database: any Database) async throws { try await database.schema("user_settings").delete() }
}

struct M010_AddStarterLibrarySeededToUsers: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("users").field("starter_library_seeded_at", .datetime).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("users").deleteField("starter_library_seeded_at").update()
    }
}

struct M011_CreateProficiencySnapshots: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("proficiency_snapshots")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("sequence", .int, .required)
            .field("recorded_at", .datetime, .required)
            .field("trigger", .string, .required)
            .field("standard", .string, .required)
            .field("level", .int)
            .field("level_min", .int)
            .field("level_max", .int)
            .field("ability", .double)
            .field("ability_lower", .double)
            .field("ability_upper", .double)
            .field("mastery", .double)
            .field("mastery_lower", .double)
            .field("mastery_upper", .double)
            .field("words_seen", .int, .required)
            .field("words_marked", .int, .required)
            .unique(on: "user_id", "sequence")
            .create()
    }

    func revert(on database: any Database) async throws { try await database.schema("proficiency_snapshots").delete() }
}

struct M012_CreatePlacementAnswers: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("placement_answers")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("answered_at", .datetime, .required)
            .field("standard", .string, .required)
            .field("skipped", .bool, .required)
            .field("words", .string, .required)
            .field("proposed_level", .int)
            .create()
    }

    func revert(on database: any Database) async throws { try await database.schema("placement_answers").delete() }
}

struct M013_CreateScanJobs: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("scan_jobs")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("title", .string, .required)
            .field("author", .string)
            .field("book_id", .uuid)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .create()
        try await database.schema("scan_pages")
            .id()
            .field("job_id", .uuid, .required, .references("scan_jobs", "id", onDelete: .cascade))
            .field("position", .int, .required)
            .field("image_path", .string, .required)
            .field("format", .string, .required)
            .field("rotation", .int, .required)
            .field("status", .string, .required)
            .field("text", .string)
            .field("lines", .string, .required)
            .field("error_message", .string)
            .field("attempts", .int, .required)
            .field("is_corrected", .bool, .required)
            .unique(on: "job_id", "position")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("scan_pages").delete()
        try await database.schema("scan_jobs").delete()
    }
}

struct M014_CreateSerialScans: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("serial_scans")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("scanned_at", .datetime, .required)
            .field("device_type", .string, .required)
            .field("preset", .string, .required)
            .field("serial", .string)
            .field("is_valid", .bool, .required)
            .field("format", .string)
            .field("confidence", .double)
            .field("response", .string, .required)
            .create()
    }

    func revert(on database: any Database) async throws { try await database.schema("serial_scans").delete() }
}
