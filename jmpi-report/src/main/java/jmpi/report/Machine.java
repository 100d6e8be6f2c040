package jmpi.report;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Where and with what the report was measured: host, cores, CPU, JVM, jmpi's commit. */
record Machine(String host, int cores, String cpu, String jvm, String commit) {

    static Machine probe(Path home) {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = System.getenv().getOrDefault("HOSTNAME", "unknown host (" + e.getMessage() + ")");
        }
        String cpu = "unknown CPU";
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    cpu = line.substring(line.indexOf(':') + 1).trim();
                    break;
                }
            }
        } catch (IOException e) {
            cpu = "unknown CPU (/proc/cpuinfo: " + e.getMessage() + ")";
        }
        String jvm = System.getProperty("java.vm.name") + " " + Runtime.version();
        return new Machine(host, Runtime.getRuntime().availableProcessors(), cpu, jvm, commit(home));
    }

    /** The checkout's commit, with "+ uncommitted changes" when the work tree differs; or why it is unknown. */
    static String commit(Path home) {
        try {
            String head = git(home, "rev-parse", "--short=12", "HEAD");
            String dirty = git(home, "status", "--porcelain", "--untracked-files=no");
            return head + (dirty.isBlank() ? "" : " + uncommitted changes");
        } catch (IOException e) {
            return "unknown (" + e.getMessage() + ")";
        }
    }

    private static String git(Path home, String... args) throws IOException {
        List<String> cmd = new java.util.ArrayList<>(List.of("git", "-C", home.toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try {
            String out = new String(p.getInputStream().readAllBytes()).trim();
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException("git " + String.join(" ", args) + ": " + out);
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    /** The load averages now (1, 5, 15 min), or "unknown". */
    static String load() {
        try {
            String[] w = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return w[0] + " " + w[1] + " " + w[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    String describe() {
        return host + " (" + cores + " cores, " + cpu + "), " + jvm + ", jmpi " + commit;
    }
}
