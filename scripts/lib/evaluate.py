"""Compares swiftui-migrate's findings on the real apps with the hand-reviewed labels.

Run through scripts/evaluate. Standard library only. The label format is described in
docs/precision.md and at the top of fixtures/real-world-labels.tsv.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
from collections import Counter, OrderedDict, defaultdict

# The public apps fixtures/real-world-labels.tsv labels: directory name (the repository's name) -> owner/name.
CORPUS_APPS = OrderedDict([
    ("Aidoku", "Aidoku/Aidoku"),
    ("pocket-casts-ios", "Automattic/pocket-casts-ios"),
    ("CodeEdit", "CodeEditApp/CodeEdit"),
    ("IceCubesApp", "Dimillian/IceCubesApp"),
    ("Whisky", "Whisky-App/Whisky"),
    ("Swiftfin", "jellyfin/Swiftfin"),
    ("mlem", "mlemgroup/mlem"),
    ("MoeMemos", "mudkipme/MoeMemos"),
])
RULES = ["group-lifecycle", "onappear-task", "guard-flag-load", "appear-change-load"]
ACTIONS = ["rewrite", "keep", "skip", "report"]
EXPECTED = ACTIONS + ["none"]
LINE_TOLERANCE = 2
HEADER = ["repo", "path", "line", "rule", "expected", "why"]


class LabelError(Exception):
    pass


class ToolFailure(Exception):
    pass


def parse_labels(path):
    """Rows of one label file as dicts (app, repo, commit, path, line, rule, expected, why)."""
    rows = []
    header_seen = False
    with open(path, encoding="utf-8") as handle:
        for number, raw in enumerate(handle, 1):
            line = raw.rstrip("\n").rstrip("\r")
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.split("\t")
            if not header_seen:
                if fields != HEADER:
                    raise LabelError(f"{path}:{number}: the header must be {' '.join(HEADER)} (tab-separated)")
                header_seen = True
                continue
            if len(fields) != len(HEADER):
                raise LabelError(f"{path}:{number}: {len(fields)} fields, expected {len(HEADER)}")
            repo, file_path, line_text, rule, expected, why = fields
            if "@" not in repo or "/" not in repo.split("@")[0]:
                raise LabelError(f"{path}:{number}: repo must be Owner/Name@commit12, not {repo!r}")
            slug, commit = repo.split("@", 1)
            if not line_text.isdigit() or int(line_text) < 1:
                raise LabelError(f"{path}:{number}: line must be a positive number, not {line_text!r}")
            if rule not in RULES:
                raise LabelError(f"{path}:{number}: unknown rule {rule!r}")
            if expected not in EXPECTED:
                raise LabelError(f"{path}:{number}: expected must be one of {', '.join(EXPECTED)}, not {expected!r}")
            if not why.strip():
                raise LabelError(f"{path}:{number}: the why is empty")
            rows.append({
                "app": slug.split("/", 1)[1], "repo": slug, "commit": commit, "path": file_path,
                "line": int(line_text), "rule": rule, "expected": expected, "why": why.strip(),
            })
    if not header_seen:
        raise LabelError(f"{path}: no header line")
    return rows


def git(directory, *arguments):
    result = subprocess.run(["git", "-C", directory, *arguments], capture_output=True, text=True)
    return result.stdout.strip() if result.returncode == 0 else None


def is_clone(directory):
    """True when the directory is the top of a git work tree."""
    if not os.path.isdir(directory):
        return False
    top = git(directory, "rev-parse", "--show-toplevel")
    return top is not None and os.path.realpath(top) == os.path.realpath(directory)


def build_binary(root):
    result = subprocess.run([os.path.join(root, "scripts", "build"), "-c", "release"],
                            stdout=subprocess.PIPE, text=True)
    if result.returncode != 0:
        raise ToolFailure("scripts/build -c release failed")
    return result.stdout.strip().splitlines()[-1]


def scan(binary, app_dir):
    """The tool's findings in one app (scan exits 1 when there are findings: not a failure)."""
    result = subprocess.run([binary, "scan", "--format", "json", "."], cwd=app_dir,
                            capture_output=True, text=True)
    if result.returncode not in (0, 1):
        raise ToolFailure(f"scan in {app_dir} exited {result.returncode}: {result.stderr.strip()[:2000]}")
    try:
        findings = json.loads(result.stdout or "[]")
    except json.JSONDecodeError as error:
        raise ToolFailure(f"scan in {app_dir} printed no JSON ({error})")
    if isinstance(findings, dict):  # tolerate a wrapped form
        findings = findings.get("findings", [])
    for finding in findings:
        path = finding.get("file", "")
        finding["file"] = path[2:] if path.startswith("./") else path
    return findings


def match(labels, findings):
    """Pairs each label with the nearest finding of the same path and rule (±2 lines).

    A finding serves one label at most; labels are matched nearest first."""
    candidates = []
    for label_index, label in enumerate(labels):
        for finding_index, finding in enumerate(findings):
            if finding.get("file") != label["path"] or finding.get("rule") != label["rule"]:
                continue
            distance = abs(int(finding.get("line", 0)) - label["line"])
            if distance <= LINE_TOLERANCE:
                candidates.append((distance, label_index, finding_index))
    pairs = {}
    used = set()
    for distance, label_index, finding_index in sorted(candidates):
        if label_index in pairs or finding_index in used:
            continue
        pairs[label_index] = finding_index
        used.add(finding_index)
    return pairs, used


def ratio(numerator, denominator):
    if denominator == 0:
        return {"numerator": 0, "denominator": 0, "percent": None, "text": "n/a (0/0)"}
    percent = 100.0 * numerator / denominator
    return {"numerator": numerator, "denominator": denominator, "percent": round(percent, 1),
            "text": f"{numerator}/{denominator} = {percent:.1f}%"}


def figures(results):
    """Precision, recall and action agreement over matched (label, got) results."""
    tool_rewrites = [r for r in results if r["got"] == "rewrite"]
    labelled_rewrites = [r for r in results if r["expected"] == "rewrite"]
    agreement = OrderedDict()
    for expected in EXPECTED:
        rows = [r for r in results if r["expected"] == expected]
        if rows:
            agreement[expected] = ratio(sum(r["got"] == expected for r in rows), len(rows))
    return {
        "precision": ratio(sum(r["expected"] == "rewrite" for r in tool_rewrites), len(tool_rewrites)),
        "recall": ratio(sum(r["got"] == "rewrite" for r in labelled_rewrites), len(labelled_rewrites)),
        "agreement": agreement,
        "labels": len(results),
    }


def reason_counts(findings_by_app):
    """The findings of every app counted by reasonID (with the action it stands for), skips,
    keeps and reports first, then rewrites; the most frequent first within each action.
    A finding without a reasonID (an older binary) counts under "<rule>/?"."""
    counter = Counter()
    actions = {}
    for findings in findings_by_app.values():
        for finding in findings:
            reason_id = finding.get("reasonID") or f"{finding.get('rule', '?')}/?"
            counter[reason_id] += 1
            actions[reason_id] = finding.get("action", "?")
    order = {action: index for index, action in enumerate(["skip", "keep", "report", "rewrite"])}
    ranked = sorted(counter, key=lambda r: (order.get(actions[r], len(order)), -counter[r], r))
    return OrderedDict((r, {"action": actions[r], "count": counter[r]}) for r in ranked)


def main(argv):
    parser = argparse.ArgumentParser(prog="scripts/evaluate", description=__doc__)
    parser.add_argument("--root", required=True, help=argparse.SUPPRESS)
    parser.add_argument("--corpus", help="folder holding the app clones (default: $SWIFTUI_MIGRATE_CORPUS, else ../corpus)")
    parser.add_argument("--binary", help="the swiftui-migrate binary (default: build with scripts/build -c release)")
    parser.add_argument("--labels", action="append", help="a label file (repeatable; default fixtures/real-world-labels.tsv)")
    parser.add_argument("--json", dest="json_out", help="also write the figures to this file as JSON")
    options = parser.parse_args(argv)
    root = options.root
    corpus = options.corpus or os.environ.get("SWIFTUI_MIGRATE_CORPUS") or os.path.join(os.path.dirname(root), "corpus")
    label_files = options.labels or [os.path.join(root, "fixtures", "real-world-labels.tsv")]

    try:
        labels = [row for path in label_files for row in parse_labels(path)]
    except (LabelError, OSError) as error:
        print(f"evaluate: {error}", file=sys.stderr)
        return 2

    apps = OrderedDict((name, slug) for name, slug in CORPUS_APPS.items())
    for row in labels:
        apps.setdefault(row["app"], row["repo"])
    present = [name for name in apps if is_clone(os.path.join(corpus, name))]
    if not present:
        print(f"evaluate: no corpus app is cloned under {corpus} (expected e.g. {corpus}/IceCubesApp); nothing to evaluate")
        return 0

    try:
        binary = options.binary or build_binary(root)
        if os.sep not in binary:  # a bare name: look it up on PATH
            binary = shutil.which(binary) or binary
        findings_by_app = OrderedDict()
        for name in present:
            findings_by_app[name] = scan(os.path.abspath(binary), os.path.join(corpus, name))
    except ToolFailure as error:
        print(f"evaluate: the tool failed: {error}", file=sys.stderr)
        return 2

    print(f"corpus: {corpus}")
    print(f"binary: {binary}")
    print(f"labels: {', '.join(label_files)} ({len(labels)} rows)")
    warnings = []
    for name in present:
        head = git(os.path.join(corpus, name), "rev-parse", "HEAD") or ""
        commits = sorted({row["commit"] for row in labels if row["app"] == name})
        for commit in commits:
            if not head.startswith(commit):
                warnings.append(f"warning: {name} is at {head[:12]}, its labels are for {commit}; lines may be off")
    for warning in warnings:
        print(warning)
    missing = sorted({row["app"] for row in labels} - set(present))
    if missing:
        print(f"not present (their labels are not counted): {', '.join(missing)}")

    # Findings per app and rule.
    print()
    print("FINDINGS (per app and rule: rewrite keep skip report)")
    counts = OrderedDict()
    for name, findings in findings_by_app.items():
        per_rule = defaultdict(Counter)
        for finding in findings:
            per_rule[finding.get("rule", "?")][finding.get("action", "?")] += 1
        counts[name] = {rule: dict(counter) for rule, counter in sorted(per_rule.items())}
        if not per_rule:
            print(f"  {name:<18} no findings")
        for rule, counter in sorted(per_rule.items()):
            cells = "  ".join(f"{action} {counter.get(action, 0):>3}" for action in ACTIONS)
            print(f"  {name:<18} {rule:<20} {cells}")

    # Findings by reason id, over every app: a precision change can be read per cause.
    print()
    print("BY REASON (every app: findings per reasonID)")
    by_reason = reason_counts(findings_by_app)
    for reason_id, entry in by_reason.items():
        print(f"  {entry['action']:<8} {entry['count']:>5}  {reason_id}")

    # Labels against findings.
    results = []
    unlabelled = []
    for name, findings in findings_by_app.items():
        app_labels = [row for row in labels if row["app"] == name]
        pairs, used = match(app_labels, findings)
        for index, label in enumerate(app_labels):
            finding = findings[pairs[index]] if index in pairs else None
            results.append(dict(label, got=finding.get("action", "?") if finding else "none",
                                finding_line=finding.get("line") if finding else None,
                                detail=(finding.get("reason") or finding.get("message") or "") if finding else ""))
        for index, finding in enumerate(findings):
            if index not in used and finding.get("action") == "rewrite":
                unlabelled.append(dict(app=name, path=finding.get("file"), line=finding.get("line"),
                                       rule=finding.get("rule"), message=finding.get("message", ""),
                                       labelled_app=bool(app_labels)))

    by_rule = OrderedDict()
    for rule in RULES:
        rows = [r for r in results if r["rule"] == rule]
        if rows:
            by_rule[rule] = figures(rows)
    overall = figures(results)

    print()
    print(f"AGAINST THE LABELS ({len(results)} labelled sites in the apps present)")
    for rule, figure in list(by_rule.items()) + [("overall", overall)]:
        print(f"  {rule:<20} precision {figure['precision']['text']:<18} recall {figure['recall']['text']}")
        for expected, agreement in figure["agreement"].items():
            if expected != "rewrite":
                print(f"  {'':<20}   {expected} agreed {agreement['text']}")
    confusion = Counter((r["expected"], r["got"]) for r in results)
    if results:
        print()
        print("  expected -> got     " + "".join(f"{got:>9}" for got in EXPECTED))
        for expected in EXPECTED:
            if any(confusion[(expected, got)] for got in EXPECTED):
                print(f"  {expected:<20}" + "".join(f"{confusion[(expected, got)]:>9}" for got in EXPECTED))

    disagreements = [r for r in results if r["got"] != r["expected"]]
    print()
    print(f"DISAGREEMENTS ({len(disagreements)})")
    for r in sorted(disagreements, key=lambda r: (r["app"], r["path"], r["line"])):
        tool_says = f"; tool: {r['detail']}" if r["detail"] else ""
        print(f"  {r['app']}/{r['path']}:{r['line']} {r['rule']} {r['expected']}→{r['got']}  why: {r['why']}{tool_says}")

    # The label says "rewrite", not which fix: list the tool's fix (hoist or distribute, …) so a
    # person can check it is the one the label's reason asks for.
    agreed = [r for r in results if r["got"] == "rewrite" and r["expected"] == "rewrite"]
    print()
    print(f"AGREED REWRITES ({len(agreed)}; the tool's fix beside the label's reason)")
    for r in sorted(agreed, key=lambda r: (r["app"], r["path"], r["line"])):
        print(f"  {r['app']}/{r['path']}:{r['line']} {r['rule']} tool: {r['detail']}  why: {r['why']}")

    print()
    print(f"REWRITES AT UNLABELLED SITES ({len(unlabelled)}; review them)")
    for u in unlabelled:
        note = "" if u["labelled_app"] else "  (no labels for this app)"
        print(f"  {u['app']}/{u['path']}:{u['line']} {u['rule']} {u['message']}{note}")

    if options.json_out:
        with open(options.json_out, "w", encoding="utf-8") as handle:
            json.dump({
                "corpus": corpus, "present": present, "warnings": warnings, "counts": counts, "reasons": by_reason,
                "rules": by_rule, "overall": overall,
                "disagreements": disagreements, "agreed_rewrites": agreed, "unlabelled_rewrites": unlabelled,
            }, handle, indent=2, sort_keys=False)
            handle.write("\n")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except BrokenPipeError:  # output piped into head: stop quietly
        sys.stderr.close()
        sys.exit(0)
