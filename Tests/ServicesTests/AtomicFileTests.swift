import Foundation
import Services
import TestSupport
import Testing

@Suite struct AtomicFileTests {
    let directory = TemporaryDirectory()

    func permissions(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int
    }

    @Test func write_createsEveryMissingFolder_ownerOnly() throws {
        let path = directory.url.path + "/a/b/c/file.json"
        try AtomicFile.write(Data("one".utf8), toPath: path)
        try AtomicFile.write(Data("two".utf8), toPath: path)
        #expect(FileManager.default.contents(atPath: path) == Data("two".utf8))
        #expect(permissions(path) == 0o600)
        for folder in ["/a", "/a/b", "/a/b/c"] { #expect(permissions(directory.url.path + folder) == 0o700) }
        #expect(directory.filePaths() == ["a", "a/b", "a/b/c", "a/b/c/file.json"])
    }

    @Test func write_whereAFileStandsForTheFolder_failsWithATypedError_andKeepsThatFile() throws {
        let blocker = directory.url.path + "/blocker"
        try AtomicFile.write(Data("keep".utf8), toPath: blocker)
        #expect(throws: StoreError.self) {
            try AtomicFile.write(Data("x".utf8), toPath: blocker + "/file.json")
        }
        #expect(FileManager.default.contents(atPath: blocker) == Data("keep".utf8))
    }

    @Test func aBoundedRead_readsAtMostTheLimit_andNothingForAMissingFile() throws {
        let url = directory.url.appendingPathComponent("big.json")
        try AtomicFile.write(Data(repeating: 7, count: 1_000), toPath: url.path)
        #expect(try AtomicFile.read(url, atMost: 10) == Data(repeating: 7, count: 10))
        #expect(try AtomicFile.read(url, atMost: 5_000)?.count == 1_000)
        #expect(try AtomicFile.read(directory.url.appendingPathComponent("none.json"), atMost: 10) == nil)
    }

    @Test func removeFile_deletesTheFile_andSucceedsWhenThereIsNone() throws {
        let path = directory.url.path + "/file.json"
        try AtomicFile.write(Data("x".utf8), toPath: path)
        try AtomicFile.removeFile(atPath: path)
        #expect(!FileManager.default.fileExists(atPath: path))
        try AtomicFile.removeFile(atPath: path)
    }
}
