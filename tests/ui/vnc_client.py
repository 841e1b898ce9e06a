"""Just enough of the RFB protocol (RFC 6143) to look at a VNC server's screen: versions 3.3
(which Qt's vnc platform speaks) and 3.8, no authentication, raw encoding, whole-frame
requests. For tests on localhost only."""

from __future__ import annotations

import socket
import struct
import time


class VncScreen:
    def __init__(self, port: int, host: str = "127.0.0.1", timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.sock = socket.create_connection((host, port), timeout=5)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        version = self._read(12)
        assert version.startswith(b"RFB "), version
        if version == b"RFB 003.003\n":  # the server names the security type itself
            self.sock.sendall(version)
            kind = struct.unpack(">I", self._read(4))[0]
            assert kind == 1, f"the server wants authentication ({kind})"
        else:
            self.sock.sendall(b"RFB 003.008\n")
            count = self._read(1)[0]
            types = self._read(count)
            assert 1 in types, f"the server wants authentication: {list(types)}"
            self.sock.sendall(b"\x01")
            result = struct.unpack(">I", self._read(4))[0]
            assert result == 0, f"security handshake failed ({result})"
        self.sock.sendall(b"\x01")  # shared
        self.width, self.height = struct.unpack(">HH", self._read(4))
        pixel_format = self._read(16)
        self.bytes_per_pixel = pixel_format[0] // 8
        name_len = struct.unpack(">I", self._read(4))[0]
        self.name = self._read(name_len).decode(errors="replace")
        # Qt's server sends nothing until the client has set a pixel format: take its own
        self.sock.sendall(struct.pack(">Bxxx", 0) + pixel_format)
        self.sock.sendall(struct.pack(">BxHi", 2, 1, 0))  # SetEncodings: raw only

    def frame(self) -> bytes:
        """The whole screen's pixels, row by row."""
        self.sock.sendall(struct.pack(">BBHHHH", 3, 0, 0, 0, self.width, self.height))
        buffer = bytearray(self.width * self.height * self.bytes_per_pixel)
        kind = self._read(1)[0]
        while kind != 0:  # skip bell (2) or cut text (3) messages before the update
            if kind == 3:
                self._read(3)
                self._read(struct.unpack(">I", self._read(4))[0])
            kind = self._read(1)[0]
        self._read(1)
        rects = struct.unpack(">H", self._read(2))[0]
        for _ in range(rects):
            x, y, w, h, encoding = struct.unpack(">HHHHi", self._read(12))
            assert encoding == 0, f"unexpected encoding {encoding}"
            data = self._read(w * h * self.bytes_per_pixel)
            row = w * self.bytes_per_pixel
            for r in range(h):
                start = ((y + r) * self.width + x) * self.bytes_per_pixel
                buffer[start:start + row] = data[r * row:(r + 1) * row]
        return bytes(buffer)

    def close(self) -> None:
        self.sock.close()

    def _read(self, n: int) -> bytes:
        out = bytearray()
        while len(out) < n:
            chunk = self.sock.recv(n - len(out))
            if not chunk:
                raise ConnectionError("the VNC server closed the connection")
            out += chunk
        return bytes(out)
