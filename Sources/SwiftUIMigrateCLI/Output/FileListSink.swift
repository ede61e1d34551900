/// `--list-files`: the paths the migration changes, one per line, as each file is done (`scan`, `diff`).
struct FileListSink: RunSink {
    let console: Console

    func take(_ outcomes: [FileOutcome]) {
        console.write(outcomes.filter { $0.migration?.changed == true }.map { $0.file.displayPath + "\n" }.joined())
    }
}
