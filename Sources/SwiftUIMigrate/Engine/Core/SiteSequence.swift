/// The sites of one file that a rule looks at, in order, ending early once the file's time
/// budget is spent (`FileDeadline`): the point between two sites where a rule can be stopped
/// without being written to stop. The engine then drops the file's partial results.
public struct SiteSequence<Base: Sequence>: Sequence {
    private let base: Base
    private let deadline: FileDeadline

    init(_ base: Base, deadline: FileDeadline) {
        self.base = base
        self.deadline = deadline
    }

    public struct Iterator: IteratorProtocol {
        fileprivate var base: Base.Iterator
        fileprivate let deadline: FileDeadline

        public mutating func next() -> Base.Element? {
            deadline.hasPassed ? nil : base.next()
        }
    }

    public func makeIterator() -> Iterator {
        Iterator(base: base.makeIterator(), deadline: deadline)
    }
}
