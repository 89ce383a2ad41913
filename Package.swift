// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "linksim",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "linksim", targets: ["linksim"]),
        .library(name: "LinkSimCore", targets: ["LinkSimCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        // Reads APKs (zip) for `android match --apk`; only the CLI links it, the core stays pure.
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
    ],
    targets: [
        // The world model and the simulation: pure and deterministic, no terminal, no clock.
        .target(
            name: "LinkSimCore",
            dependencies: [.product(name: "Yams", package: "Yams")]
        ),
        // File and terminal output shared by the CLI and the TUI: the one atomic file writer and a
        // standard-output writer that reports errors instead of trapping.
        .target(name: "LinkSimIO"),
        // ncursesw as a system library; the only code that talks to it is LinkSimTUI's curses backend.
        .systemLibrary(
            name: "CNcurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        // The interactive front end: model + update + render to a cell grid, and its two backends.
        .target(name: "LinkSimTUI", dependencies: ["LinkSimCore", "LinkSimIO", "CNcurses"]),
        // The command line: argument parsing, reporters (text, JSON, JUnit), wiring.
        .executableTarget(
            name: "linksim",
            dependencies: [
                "LinkSimCore",
                "LinkSimIO",
                "LinkSimTUI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            // The Swift runtime and Foundation linked in: no dynamic loading of a dozen libraries at
            // start-up (issue #14: `linksim run` ≤ 10 ms). Linux only; macOS has them in the OS.
            swiftSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux]))],
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux]))]
        ),
        // Measures every row of README's speed goals: `swift run -c release linksim-bench`.
        .executableTarget(
            name: "linksim-bench",
            dependencies: ["LinkSimCore", "LinkSimIO", "LinkSimTUI", .product(name: "Yams", package: "Yams")],
            // The speed passes' measurements, pass by pass (README "Speed" links it).
            exclude: ["HISTORY.md"],
            // Linked as `linksim` is (the Swift runtime and Foundation in the binary), so the rows measure the
            // library as the shipped binary runs it: with the runtime as a shared library, each retain and release
            // is a call through the dynamic linker's table, and the simulation median was ~10% higher (README
            // "Speed"). Release only: the measurements are release builds, and a debug build of this target does
            // not link statically (Foundation's CoreFoundation archive is not pulled in).
            swiftSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))],
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))]
        ),
        .testTarget(name: "LinkSimCoreTests", dependencies: ["LinkSimCore"]),
        .testTarget(name: "LinkSimCLITests", dependencies: ["LinkSimCore"], exclude: ["Golden"]),
        .testTarget(name: "LinkSimIOTests", dependencies: ["LinkSimIO"]),
        .testTarget(
            name: "LinkSimTUITests",
            dependencies: ["LinkSimTUI", "LinkSimCore", .product(name: "Yams", package: "Yams")],
            exclude: ["Golden"]
        ),
    ]
)
