import Testing

@testable import Serials

@Suite struct DeviceTypeTests {
    @Test(arguments: [
        (DeviceType.macBook, SerialPreset.etched, 8.0), (.iMac, .etched, 8), (.macMini, .etched, 8),
        (.iPhone, .screen, 5), (.iPad, .screen, 5), (.appleWatch, .sticker, 4), (.accessory, .sticker, 4),
    ])
    func followsTheSeed(device: DeviceType, preset: SerialPreset, aspectRatio: Double) {
        #expect(device.preset == preset)
        #expect(device.defaultROIAspectRatio == aspectRatio)
    }

    @Test func rawValuesAreTheSeeds() {
        #expect(
            DeviceType.allCases.map(\.rawValue) == [
                "MacBook", "iMac", "Mac Mini", "iPhone", "iPad", "Apple Watch", "Accessory",
            ])
        #expect(SerialPreset.allCases.map(\.rawValue) == ["etched", "screen", "sticker"])
    }

    @Test(arguments: [
        ("MacBook", DeviceType.macBook), ("macbook", .macBook), ("MacBook Pro", .macBook), ("mac-mini", .macMini),
        ("Mac Mini", .macMini), ("IMAC", .iMac), ("iphone", .iPhone), ("iPad", .iPad), ("watch", .appleWatch),
        ("Apple Watch", .appleWatch), ("accessories", .accessory),
    ])
    func parsesCommonSpellings(name: String, expected: DeviceType) {
        #expect(DeviceType(parsing: name) == expected)
    }

    @Test func rejectsUnknownNames() {
        #expect(DeviceType(parsing: "toaster") == nil)
        #expect(DeviceType(parsing: "") == nil)
    }

    @Test func everyPresetHasOneSentence() {
        for preset in SerialPreset.allCases {
            #expect(preset.summary.hasSuffix("."))
            #expect(preset.summary.filter { $0 == "." }.count == 1)
        }
    }
}
