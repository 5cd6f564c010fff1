package dev.loopx.host.update;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Extracts a gzip-compressed tar archive (POSIX ustar, with GNU long names and PAX {@code path}
 * records) into an empty folder, refusing anything that could write outside it or is not plain
 * content: absolute names, {@code ..} segments, symbolic and hard links, devices, duplicate
 * names, a bad header checksum, a truncated stream, more than {@value #MAX_TOTAL_BYTES} bytes.
 * Modes keep only the owner's execute bit (files 0644 or 0755, folders 0755). Not thread-safe;
 * on failure the caller deletes the folder.
 */
public final class TarGzExtractor {
    static final long MAX_TOTAL_BYTES = 1L << 30;
    private static final int BLOCK = 512;

    private TarGzExtractor() {}

    /** One extracted entry: its normalised relative name and whether it is a folder. */
    public record Entry(String name, boolean directory, long size) {}

    public static List<Entry> extract(Path archive, Path into) throws IOException, DistributionException {
        List<Entry> entries = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        long total = 0;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(archive), 1 << 16)) {
            byte[] header = new byte[BLOCK];
            String pendingName = null;
            while (true) {
                if (!readBlock(in, header)) {
                    throw corrupt("the archive ends without the end-of-archive marker");
                }
                if (isZero(header)) {
                    break;
                }
                checkChecksum(header);
                char type = (char) header[156];
                long size = number(header, 124, 12);
                if (size < 0 || size > MAX_TOTAL_BYTES - total) {
                    throw new DistributionException(
                            "corrupt_archive", "the archive is larger than a distribution can be");
                }
                if (type == 'L' || type == 'x') {
                    byte[] data = readData(in, size);
                    pendingName = type == 'L' ? cString(data, 0, data.length) : paxPath(data, pendingName);
                    continue;
                }
                if (type == 'g') {
                    readData(in, size);
                    continue;
                }
                String raw = pendingName != null ? pendingName : ustarName(header);
                pendingName = null;
                String name = safeName(raw);
                boolean directory = type == '5';
                if (!directory && type != '0' && type != '\0') {
                    throw new DistributionException(
                            "unsafe_archive_entry",
                            "the archive holds a link or special file (" + name
                                    + "); a distribution holds plain files only");
                }
                if (name.isEmpty()) {
                    skip(in, size);
                    continue;
                }
                if (!seen.add(name)) {
                    throw new DistributionException("unsafe_archive_entry", "the archive names " + name + " twice");
                }
                Path target = into.resolve(name).normalize();
                if (!target.startsWith(into)) {
                    throw unsafe(name);
                }
                boolean executable = (number(header, 100, 8) & 0100) != 0;
                if (directory) {
                    Files.createDirectories(target);
                    permissions(target, true);
                } else {
                    Files.createDirectories(target.getParent());
                    if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                        throw new DistributionException("unsafe_archive_entry", "the archive names " + name + " twice");
                    }
                    copy(in, target, size);
                    permissions(target, executable);
                }
                total += size;
                entries.add(new Entry(name, directory, size));
            }
        } catch (EOFException | ZipException e) {
            throw corrupt("the archive is truncated or not gzip-compressed tar");
        }
        return entries;
    }

    private static String safeName(String raw) throws DistributionException {
        String name = raw;
        while (name.startsWith("./")) {
            name = name.substring(2);
        }
        if (name.endsWith("/")) {
            name = name.substring(0, name.length() - 1);
        }
        if (name.equals(".")) {
            return "";
        }
        if (name.startsWith("/") || name.contains("\\") || name.indexOf('\0') >= 0 || name.contains("//")) {
            throw unsafe(name);
        }
        for (String segment : name.split("/")) {
            if (segment.equals("..") || segment.equals(".") || segment.chars().anyMatch(c -> c < 0x20)) {
                throw unsafe(name);
            }
        }
        return name;
    }

    private static String ustarName(byte[] h) {
        String name = cString(h, 0, 100);
        boolean ustar = new String(h, 257, 5, StandardCharsets.US_ASCII).equals("ustar");
        String prefix = ustar ? cString(h, 345, 155) : "";
        return prefix.isEmpty() ? name : prefix + "/" + name;
    }

    /** The {@code path} record of a PAX extended header ("LEN key=value\n" records), else {@code fallback}. */
    private static String paxPath(byte[] data, String fallback) throws DistributionException {
        String text = new String(data, StandardCharsets.UTF_8);
        int i = 0;
        String path = fallback;
        while (i < text.length()) {
            int space = text.indexOf(' ', i);
            if (space < 0) {
                throw corrupt("a PAX header record is malformed");
            }
            int len;
            try {
                len = Integer.parseInt(text.substring(i, space));
            } catch (NumberFormatException e) {
                throw corrupt("a PAX header record is malformed");
            }
            // LEN counts bytes; the records written here are ASCII, a mismatch is refused.
            if (len <= space - i || i + len > text.length()) {
                throw corrupt("a PAX header record is malformed");
            }
            String record = text.substring(space + 1, i + len - 1);
            if (record.startsWith("path=")) {
                path = record.substring(5);
            }
            i += len;
        }
        return path;
    }

    private static void checkChecksum(byte[] h) throws DistributionException {
        long stored = number(h, 148, 8);
        long sum = 0;
        for (int i = 0; i < BLOCK; i++) {
            sum += (i >= 148 && i < 156) ? ' ' : (h[i] & 0xff);
        }
        if (sum != stored) {
            throw corrupt("a tar header checksum does not match (the archive is damaged)");
        }
    }

    /** An octal field (NUL/space padded), or GNU base-256 when the high bit is set. */
    private static long number(byte[] h, int off, int len) throws DistributionException {
        if ((h[off] & 0x80) != 0) {
            long v = 0;
            for (int i = off + 1; i < off + len; i++) {
                v = (v << 8) | (h[i] & 0xff);
            }
            return v;
        }
        long v = 0;
        boolean digits = false;
        for (int i = off; i < off + len; i++) {
            byte b = h[i];
            if (b == 0 || (b == ' ' && digits)) {
                break;
            }
            if (b == ' ') {
                continue;
            }
            if (b < '0' || b > '7') {
                throw corrupt("a tar header number is not octal");
            }
            v = (v << 3) + (b - '0');
            digits = true;
        }
        return v;
    }

    private static String cString(byte[] b, int off, int len) {
        int end = off;
        while (end < off + len && b[end] != 0) {
            end++;
        }
        return new String(b, off, end - off, StandardCharsets.UTF_8);
    }

    private static boolean readBlock(InputStream in, byte[] block) throws IOException {
        int n = in.readNBytes(block, 0, BLOCK);
        if (n == 0) {
            return false;
        }
        if (n < BLOCK) {
            throw new EOFException();
        }
        return true;
    }

    private static boolean isZero(byte[] block) {
        for (byte b : block) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }

    private static byte[] readData(InputStream in, long size) throws IOException, DistributionException {
        if (size > 1 << 20) {
            throw corrupt("an extended tar header is implausibly large");
        }
        byte[] data = in.readNBytes((int) size);
        if (data.length < size) {
            throw new EOFException();
        }
        skipPadding(in, size);
        return data;
    }

    private static void copy(InputStream in, Path target, long size) throws IOException {
        try (OutputStream out =
                Files.newOutputStream(target, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            byte[] buffer = new byte[1 << 16];
            long left = size;
            while (left > 0) {
                int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
                if (n < 0) {
                    throw new EOFException();
                }
                out.write(buffer, 0, n);
                left -= n;
            }
        }
        skipPadding(in, size);
    }

    private static void skip(InputStream in, long size) throws IOException {
        in.skipNBytes((size + BLOCK - 1) / BLOCK * BLOCK);
    }

    private static void skipPadding(InputStream in, long size) throws IOException {
        long pad = (BLOCK - size % BLOCK) % BLOCK;
        in.skipNBytes(pad);
    }

    private static void permissions(Path target, boolean executable) throws IOException {
        Set<PosixFilePermission> p = EnumSet.of(
                PosixFilePermission.OWNER_READ,
                PosixFilePermission.OWNER_WRITE,
                PosixFilePermission.GROUP_READ,
                PosixFilePermission.OTHERS_READ);
        if (executable) {
            p.addAll(EnumSet.of(
                    PosixFilePermission.OWNER_EXECUTE,
                    PosixFilePermission.GROUP_EXECUTE,
                    PosixFilePermission.OTHERS_EXECUTE));
        }
        try {
            Files.setPosixFilePermissions(target, p);
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system
        }
    }

    private static DistributionException corrupt(String message) {
        return new DistributionException("corrupt_archive", message);
    }

    private static DistributionException unsafe(String name) {
        return new DistributionException(
                "unsafe_archive_entry", "the archive entry " + name + " would land outside the install folder");
    }
}
