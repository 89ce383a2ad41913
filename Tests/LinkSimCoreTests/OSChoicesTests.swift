import Testing

@testable import LinkSimCore

/// `LinkMatrix.osChoices` keeps each platform's parsed, sorted releases and places the device's own version
/// among them: the same list as parsing the releases, adding the device's version and sorting, for every
/// release, versions between and around them, and versions the lists do not name.
@Suite struct OSChoicesTests {
    static func reference(_ device: Device) -> [OSVersion] {
        let names = device.platform == .ios ? IOSVersions.releases : AndroidVersions.releases
        var versions = names.compactMap { OSVersion.parse($0, platform: device.platform) }
        if !versions.contains(device.os) { versions.append(device.os) }
        return versions.sorted()
    }

    @Test func sameListAsParsingAndSortingEachTime() {
        var devices: [Device] = []
        for major in 9...27 {
            for minor in [0, 1, 4, 5, 7] {
                for patch in [0, 2] { devices.append(Device(platform: .ios, os: OSVersion(ios: major, minor, patch))) }
            }
        }
        for api in 19...40 { devices.append(Device(platform: .android, os: OSVersion(androidAPI: api))) }
        for device in devices {
            // The matrix's default versions place the device's own version the same way.
            let names = device.platform == .ios ? ["12.5", "13.7", "14.8", "17.4", "18.4", "26.0"] : ["11", "12", "14", "16"]
            var defaults = names.compactMap { OSVersion.parse($0, platform: device.platform) }
            if !defaults.contains(device.os) { defaults.append(device.os) }
            #expect(LinkMatrix.defaultVersions(for: device) == defaults.sorted(), "\(device.os)")
            let choices = LinkMatrix.osChoices(for: device)
            #expect(choices == Self.reference(device), "\(device.os)")
            #expect(choices.filter { $0 == device.os }.count == 1)
        }
        // Versions the lists do not name are added in order, once.
        let unnamed = Device(platform: .ios, os: OSVersion(ios: 16, 3, 1))
        #expect(LinkMatrix.osChoices(for: unnamed).count == IOSVersions.releases.count + 1)
    }
}
