import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reads answers for ``MatrixHTTPClient`` over `URLSession` (an `https` homeserver, or any on a
/// platform without Glibc) as they arrive, refusing one larger than a limit while it is read: the
/// `URLSession` delegate of the client's session.
///
/// An answer whose `Content-Length` is over the limit is cancelled as soon as its headers reach this
/// delegate; one that does not say (or lies) is cancelled as soon as the bytes received pass the
/// limit, and what was read is dropped. What this reader holds is at most the limit; what the process
/// holds is not bounded as tightly on Linux: FoundationNetworking runs libcurl on a thread of its own
/// and queues every chunk for the delegate without back-pressure, so until the delegate queue gets to
/// run (late, on a busy machine) the transport reads on and the queued chunks wait in memory — a
/// refused 400 MB answer took a client to as much as 468 MB. That is why a plain-`http` homeserver is spoken
/// to by ``MatrixSocketTransport`` instead, which checks the limit as it reads.
final class MatrixResponseReader: NSObject, URLSessionDataDelegate, Sendable {
    /// The most bytes an answer's body may have.
    let limit: Int
    private let transfers = Mutex<[Int: Transfer]>([:])
    private let held = Mutex(0)

    /// The most body bytes this reader ever held for one answer: never more than ``limit``, however
    /// much a server sends (the transport may go on reading a cancelled answer; what it reads is
    /// dropped).
    var largestAnswerHeld: Int { held.withLock { $0 } }

    private struct Transfer {
        let continuation: CheckedContinuation<Result<MatrixHTTPAnswer, MatrixTransportFailure>, Never>
        var data = Data()
        var response: URLResponse?
        var tooLarge = false
    }

    /// Creates a reader refusing answers over `limit` bytes.
    init(limit: Int) { self.limit = max(1, limit) }

    /// Sends `request` on `session` (whose delegate this reader is) and answers its body and response.
    func exchange(_ request: URLRequest, on session: URLSession) async
        -> Result<MatrixHTTPAnswer, MatrixTransportFailure>
    {
        await withCheckedContinuation { continuation in
            let task = session.dataTask(with: request)
            transfers.withLock { $0[task.taskIdentifier] = Transfer(continuation: continuation) }
            task.resume()
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let tooLarge = response.expectedContentLength > Int64(limit)
        transfers.withLock { transfers in
            guard var transfer = transfers.removeValue(forKey: dataTask.taskIdentifier) else { return }
            transfer.response = response
            transfer.tooLarge = tooLarge
            transfers[dataTask.taskIdentifier] = transfer
        }
        // Cancelling the task, not answering `.cancel`: FoundationNetworking on Linux fails the task
        // on `.cancel` but lets the transfer underneath read on to the end.
        completionHandler(.allow)
        if tooLarge { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        // The transport counts what it read before this reader is told of it: checked too, the cancel
        // comes at the first chunk delivered after the limit was passed, not after the backlog.
        let readAhead = dataTask.countOfBytesReceived > Int64(limit)
        let overLimit = transfers.withLock { transfers -> Bool in
            // Moved out and back so the buffer is appended to in place, not copied per chunk.
            guard var transfer = transfers.removeValue(forKey: dataTask.taskIdentifier) else { return false }
            defer { transfers[dataTask.taskIdentifier] = transfer }
            guard !transfer.tooLarge else { return false }
            guard !readAhead, transfer.data.count + data.count <= limit else {
                transfer.tooLarge = true
                transfer.data = Data()
                return true
            }
            transfer.data.append(data)
            let count = transfer.data.count
            held.withLock { $0 = max($0, count) }
            return false
        }
        if overLimit { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else {
            return
        }
        if transfer.tooLarge {
            transfer.continuation.resume(returning: .failure(.tooLarge))
        } else if error == nil, let response = transfer.response ?? task.response {
            guard let http = response as? HTTPURLResponse else {
                transfer.continuation.resume(returning: .failure(.malformed("not an HTTP response")))
                return
            }
            transfer.continuation.resume(
                returning: .success(MatrixHTTPAnswer(status: http.statusCode, body: transfer.data)))
        } else {
            transfer.continuation.resume(returning: .failure(.transport))
        }
    }
}
