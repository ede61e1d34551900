"""Tests of scripts/evaluate on a tiny corpus made in a temporary folder (no real app needed).

Run by scripts/test (`python3 Tests/evaluate/test_evaluate.py`). The first tests use a stand-in
binary that prints fixed findings, so the figures are exact; the last one runs the real tool
when $SWIFTUI_MIGRATE_BIN names it.
"""

import json
import os
import subprocess
import tempfile
import textwrap
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EVALUATE = os.path.join(ROOT, "scripts", "evaluate")
HEADER = "repo\tpath\tline\trule\texpected\twhy\n"

# A small app of our own: one Group hoist, one onAppear+Task, one run-once flag with no identity.
SHELF_VIEW = textwrap.dedent("""\
    import SwiftUI

    struct ShelfView: View {
        @State private var books: [String] = []
        @State private var hasFetched = false

        var body: some View {
            Group {
                if books.isEmpty {
                    Text("Nothing on the shelf")
                } else {
                    Text("\\(books.count) books")
                }
            }
            .onAppear {
                guard !hasFetched else { return }
                hasFetched = true
                books = ["Dune"]
            }
        }
    }
    """)
COVER_VIEW = textwrap.dedent("""\
    import SwiftUI

    struct CoverView: View {
        let title: String
        @State private var caption = ""

        var body: some View {
            Text(caption)
                .onAppear {
                    Task {
                        caption = await Captions.load(title)
                    }
                }
        }
    }

    enum Captions {
        static func load(_ title: String) async -> String { title }
    }
    """)


def finding(path, line, rule, action, message="m", reason_id=None):
    return {"file": path, "line": line, "column": 1, "rule": rule, "action": action, "message": message,
            "reasonID": reason_id or f"{rule}/{action}-reason"}


# What the stand-in binary reports for the app: a rewrite at a site labelled rewrite (true
# positive, line off by one), a rewrite at a site labelled skip (false positive), a keep where
# keep is expected, and a rewrite nobody labelled.
FAKE_FINDINGS = [
    finding("Shelf/ShelfView.swift", 8, "group-lifecycle", "rewrite"),
    finding("Shelf/ShelfView.swift", 15, "guard-flag-load", "keep"),
    finding("Shelf/CoverView.swift", 9, "onappear-task", "rewrite", "use task instead"),
    finding("Shelf/Unlabelled.swift", 3, "onappear-task", "rewrite", "use task instead"),
    finding("Shelf/Other.swift", 3, "onappear-task", "skip", reason_id="onappear-task/sentinel-host"),
    finding("Shelf/Other.swift", 9, "onappear-task", "skip", reason_id="onappear-task/sentinel-host"),
]
LABELS = (
    "# test labels\n" + HEADER +
    "acme/Shelf@{commit}\tShelf/ShelfView.swift\t9\tgroup-lifecycle\trewrite\tone view per path\n"
    "acme/Shelf@{commit}\tShelf/ShelfView.swift\t15\tguard-flag-load\tkeep\tno identity\n"
    "acme/Shelf@{commit}\tShelf/CoverView.swift\t9\tonappear-task\tskip\tpretend hazard\n"
    "acme/Shelf@{commit}\tShelf/CoverView.swift\t30\tappear-change-load\trewrite\tmissed pair\n"
    "acme/Shelf@{commit}\tShelf/CoverView.swift\t40\tappear-change-load\tnone\tnothing there\n"
)


def make_corpus(folder):
    """A corpus folder with one git clone, Shelf; returns (corpus, HEAD commit)."""
    corpus = os.path.join(folder, "corpus")
    app = os.path.join(corpus, "Shelf")
    os.makedirs(os.path.join(app, "Shelf"))
    for name, text in [("ShelfView.swift", SHELF_VIEW), ("CoverView.swift", COVER_VIEW)]:
        with open(os.path.join(app, "Shelf", name), "w") as handle:
            handle.write(text)
    git = ["git", "-C", app, "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run(git[:3] + ["init", "-q"], check=True)
    subprocess.run(git + ["add", "."], check=True)
    subprocess.run(git + ["commit", "-q", "-m", "shelf"], check=True)
    head = subprocess.run(git[:3] + ["rev-parse", "HEAD"], check=True, capture_output=True, text=True)
    return corpus, head.stdout.strip()


def make_fake_binary(folder, findings, exit_status=1):
    path = os.path.join(folder, "fake-swiftui-migrate")
    with open(path, "w") as handle:
        handle.write("#!/usr/bin/env python3\nimport sys\n")
        handle.write("assert sys.argv[1:] == ['scan', '--format', 'json', '.'], sys.argv\n")
        handle.write(f"print({json.dumps(json.dumps(findings))})\nsys.exit({exit_status})\n")
    os.chmod(path, 0o755)
    return path


def evaluate(*arguments, env=None):
    return subprocess.run([EVALUATE, *arguments], capture_output=True, text=True,
                          env=dict(os.environ, **(env or {})))


class EvaluateTests(unittest.TestCase):
    def setUp(self):
        temporary = tempfile.TemporaryDirectory()
        self.addCleanup(temporary.cleanup)
        self.folder = temporary.name
        self.corpus, self.head = make_corpus(self.folder)
        self.labels = os.path.join(self.folder, "labels.tsv")
        with open(self.labels, "w") as handle:
            handle.write(LABELS.format(commit=self.head[:12]))

    def run_fake(self, *extra, findings=FAKE_FINDINGS, exit_status=1):
        binary = make_fake_binary(self.folder, findings, exit_status)
        return evaluate("--corpus", self.corpus, "--binary", binary, "--labels", self.labels, *extra)

    def test_prints_precision_and_recall_with_their_counts(self):
        result = self.run_fake()
        self.assertEqual(result.returncode, 0, result.stderr)
        out = result.stdout
        # Precision: 2 rewrites at labelled sites, 1 labelled rewrite. Recall: 1 of 2 labelled rewrites.
        self.assertRegex(out, r"overall\s+precision 1/2 = 50\.0%\s+recall 1/2 = 50\.0%")
        self.assertRegex(out, r"group-lifecycle\s+precision 1/1 = 100\.0%\s+recall 1/1 = 100\.0%")
        self.assertRegex(out, r"onappear-task\s+precision 0/1 = 0\.0%\s+recall n/a \(0/0\)")
        self.assertRegex(out, r"appear-change-load\s+precision n/a \(0/0\)\s+recall 0/1 = 0\.0%")
        self.assertIn("keep agreed 1/1 = 100.0%", out)
        self.assertIn("none agreed 1/1 = 100.0%", out)
        self.assertIn("skip agreed 0/1 = 0.0%", out)
        self.assertRegex(out, r"Shelf\s+group-lifecycle\s+rewrite\s+1\s+keep\s+0\s+skip\s+0\s+report\s+0")
        self.assertNotIn("warning:", out)

    def test_lists_disagreements_and_unlabelled_rewrites(self):
        out = self.run_fake().stdout
        self.assertIn("DISAGREEMENTS (2)", out)
        self.assertIn("Shelf/Shelf/CoverView.swift:9 onappear-task skip→rewrite  why: pretend hazard", out)
        self.assertIn("Shelf/Shelf/CoverView.swift:30 appear-change-load rewrite→none  why: missed pair", out)
        self.assertIn("AGREED REWRITES (1;", out)
        self.assertIn("Shelf/Shelf/ShelfView.swift:9 group-lifecycle tool: m  why: one view per path", out)
        self.assertIn("REWRITES AT UNLABELLED SITES (1;", out)
        self.assertIn("Shelf/Shelf/Unlabelled.swift:3 onappear-task use task instead", out)

    def test_counts_findings_by_reason_id(self):
        out = self.run_fake().stdout
        section = out.split("BY REASON")[1].split("AGAINST THE LABELS")[0]
        lines = [line.split() for line in section.strip().splitlines()[1:]]
        # Skips, keeps and reports first, the most frequent first; rewrites last.
        self.assertEqual(lines, [
            ["skip", "2", "onappear-task/sentinel-host"],
            ["keep", "1", "guard-flag-load/keep-reason"],
            ["rewrite", "2", "onappear-task/rewrite-reason"],
            ["rewrite", "1", "group-lifecycle/rewrite-reason"],
        ])
        path = os.path.join(self.folder, "figures.json")
        self.run_fake("--json", path)
        with open(path) as handle:
            reasons = json.load(handle)["reasons"]
        self.assertEqual(reasons["onappear-task/sentinel-host"], {"action": "skip", "count": 2})

    def test_a_finding_more_than_two_lines_away_does_not_match(self):
        far = [finding("Shelf/ShelfView.swift", 12, "group-lifecycle", "rewrite")]
        out = self.run_fake(findings=far).stdout
        self.assertRegex(out, r"group-lifecycle\s+precision n/a \(0/0\)\s+recall 0/1 = 0\.0%")
        self.assertIn("Shelf/Shelf/ShelfView.swift:12 group-lifecycle", out.split("REWRITES AT UNLABELLED")[1])

    def test_writes_the_figures_as_json(self):
        path = os.path.join(self.folder, "figures.json")
        self.assertEqual(self.run_fake("--json", path).returncode, 0)
        with open(path) as handle:
            data = json.load(handle)
        self.assertEqual(data["overall"]["precision"]["numerator"], 1)
        self.assertEqual(data["overall"]["precision"]["denominator"], 2)
        self.assertEqual(data["overall"]["recall"]["percent"], 50.0)
        self.assertEqual(len(data["disagreements"]), 2)
        self.assertEqual(len(data["unlabelled_rewrites"]), 1)

    def test_warns_when_the_clone_is_at_another_commit(self):
        with open(self.labels, "w") as handle:
            handle.write(LABELS.format(commit="0123456789ab"))
        result = self.run_fake()
        self.assertEqual(result.returncode, 0)
        self.assertIn(f"warning: Shelf is at {self.head[:12]}, its labels are for 0123456789ab", result.stdout)
        self.assertIn("overall", result.stdout)

    def test_no_app_present_is_one_line_and_success(self):
        empty = os.path.join(self.folder, "empty")
        os.makedirs(os.path.join(empty, "Shelf"))  # a folder that is not a clone does not count
        result = evaluate("--corpus", empty, "--labels", self.labels)
        self.assertEqual(result.returncode, 0)
        self.assertEqual(len(result.stdout.strip().splitlines()), 1)
        self.assertIn("no corpus app", result.stdout)

    def test_corpus_from_the_environment(self):
        binary = make_fake_binary(self.folder, FAKE_FINDINGS)
        result = evaluate("--binary", binary, "--labels", self.labels,
                          env={"SWIFTUI_MIGRATE_CORPUS": self.corpus})
        self.assertIn("overall", result.stdout)

    def test_a_failing_tool_exits_2(self):
        result = self.run_fake(exit_status=3)
        self.assertEqual(result.returncode, 2)
        self.assertIn("the tool failed", result.stderr)

    def test_a_malformed_label_file_is_rejected(self):
        with open(self.labels, "a") as handle:
            handle.write("acme/Shelf@abc\tShelf/X.swift\t1\tgroup-lifecycle\tmaybe\twhy\n")
        result = self.run_fake()
        self.assertEqual(result.returncode, 2)
        self.assertIn("expected must be one of", result.stderr)

    @unittest.skipUnless(os.environ.get("SWIFTUI_MIGRATE_BIN"), "needs $SWIFTUI_MIGRATE_BIN (scripts/test sets it)")
    def test_with_the_real_tool(self):
        result = evaluate("--corpus", self.corpus, "--binary", os.environ["SWIFTUI_MIGRATE_BIN"],
                          "--labels", self.labels)
        self.assertEqual(result.returncode, 0, result.stderr)
        # The Group in ShelfView shows one view per path: a hoist, found at the Group's line.
        self.assertRegex(result.stdout, r"group-lifecycle\s+precision 1/1 = 100\.0%\s+recall 1/1 = 100\.0%")
        self.assertIn("keep agreed 1/1", result.stdout)
        self.assertRegex(result.stdout, r"keep\s+1\s+guard-flag-load/one-time-setup")


if __name__ == "__main__":
    unittest.main(verbosity=2)
