/*
 * bench/experiments/StrideVsLoop.java (issue 16, 2026-12-07): one ping-pong of a Vector(n, 1, 8) of doubles (STRIDE)
 * against the hand copy around a contiguous send (LOOP), alternating in one JVM, -Drounds rounds of 20000 round trips
 * each; prints per-mode best and median (SUMMARY). Unlike jmpibench noncontig it runs only this shape (or, with
 * -Dpollute=true, byte vectors and contiguous bytes of every size and double vectors first), which is what showed a
 * direct element loop inlined into the transport's poll running 3-4x slow in some JVM runs. Build and run:
 *   bin/jmpijavac -cp jmpi-dist/target/lib/jmpi-datatype.jar -d /tmp/sv bench/experiments/StrideVsLoop.java
 *   bin/jmpirun -np 2 [--transport shm] -cp /tmp/sv -Dmode=BOTH -Dn=512 -Dquick=true -Drounds=20 StrideVsLoop
 * (-Dquick=false adds the per-call timings of the send and of the gather alone.)
 */
import mpi.*;
public class StrideVsLoop {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        String mode = System.getProperty("mode", "STRIDE");
        int n = Integer.getInteger("n", 128);
        double secs = Double.parseDouble(System.getProperty("secs", "5"));
        int stride = 8;
        double[] s = new double[n * stride];
        double[] c = new double[n];
        java.util.Arrays.fill(s, 1.0);
        Datatype vec = MPI.DOUBLE.Vector(n, 1, stride); vec.Commit();
        int rank = MPI.COMM_WORLD.Rank(); int peer = 1 - rank;
        Intracomm comm = MPI.COMM_WORLD;
        if (Boolean.getBoolean("pollute")) {
          for (int sz = 1; sz <= 8192; sz *= 2) {
            byte[] bs = new byte[sz * 64]; byte[] bc = new byte[sz];
            Datatype bv = MPI.BYTE.Vector(sz, 1, 64); bv.Commit();
            for (int i = 0; i < 3000; i++) {
              if (rank == 0) { comm.Send(bs, 0, 1, bv, peer, 5); comm.Recv(bs, 0, 1, bv, peer, 5); comm.Send(bc, 0, sz, MPI.BYTE, peer, 5); comm.Recv(bc, 0, sz, MPI.BYTE, peer, 5);}
              else { comm.Recv(bs, 0, 1, bv, peer, 5); comm.Send(bs, 0, 1, bv, peer, 5); comm.Recv(bc, 0, sz, MPI.BYTE, peer, 5); comm.Send(bc, 0, sz, MPI.BYTE, peer, 5);}
            }
          }
          for (int sz = 1; sz <= 1024; sz *= 2) {
            double[] ds = new double[sz * 8];
            Datatype dv = MPI.DOUBLE.Vector(sz, 1, 8); dv.Commit();
            for (int i = 0; i < 3000; i++) {
              if (rank == 0) { comm.Send(ds, 0, 1, dv, peer, 5); comm.Recv(ds, 0, 1, dv, peer, 5); }
              else { comm.Recv(ds, 0, 1, dv, peer, 5); comm.Send(ds, 0, 1, dv, peer, 5); }
            }
          }
        }
        java.util.List<Double> ls = new java.util.ArrayList<>(), ss = new java.util.ArrayList<>();
        for (int round = 0; round < Integer.getInteger("rounds", 6); round++) {
          for (String m : new String[]{"STRIDE", "LOOP"}) {
            if (!mode.equals("BOTH") && !mode.equals(m)) continue;
            int iters = 20000;
            double t0 = MPI.Wtime();
            for (int i = 0; i < iters; i++) {
                if (rank == 0) { send(m, comm, s, c, n, stride, vec, peer); recv(m, comm, s, c, n, stride, vec, peer); }
                else { recv(m, comm, s, c, n, stride, vec, peer); send(m, comm, s, c, n, stride, vec, peer); }
            }
            double us = (MPI.Wtime() - t0) * 1e6 / (2.0 * iters);
            (m.equals("STRIDE") ? ss : ls).add(us);
            if (Boolean.getBoolean("quick")) continue;
            long sendNs = 0, cnt = 0;
            for (int i = 0; i < iters; i++) {
                if (rank == 0) { long a = System.nanoTime(); send(m, comm, s, c, n, stride, vec, peer); sendNs += System.nanoTime() - a; cnt++; recv(m, comm, s, c, n, stride, vec, peer); }
                else { recv(m, comm, s, c, n, stride, vec, peer); send(m, comm, s, c, n, stride, vec, peer); }
            }
            long gNs = 0; double[] scr = new double[n];
            jmpi.datatype.PackPlan vp = jmpi.datatype.PackPlan.compile(jmpi.datatype.TypeMap.vector(n, 1, stride, jmpi.datatype.TypeMap.of(jmpi.datatype.BasicType.DOUBLE)));
            jmpi.datatype.PackPlan dp = jmpi.datatype.PackPlan.of(jmpi.datatype.BasicType.DOUBLE);
            for (int i = 0; i < iters; i++) {
                if (rank == 0) { long a = System.nanoTime(); if (m.equals("STRIDE")) jmpi.datatype.PackPlan.copy(s, 0, 1, vp, scr, 0, n, dp); else for (int k = 0; k < n; k++) scr[k] = s[k * stride]; gNs += System.nanoTime() - a; send(m, comm, s, c, n, stride, vec, peer); recv(m, comm, s, c, n, stride, vec, peer); }
                else { recv(m, comm, s, c, n, stride, vec, peer); send(m, comm, s, c, n, stride, vec, peer); }
            }
            if (rank == 0) System.out.printf("%s n=%d %.3f us  send call %.1f ns gather alone %.1f%n", m, n, us, sendNs / (double) cnt, gNs / (double) cnt);
          }
        }
        if (rank == 0 && !ss.isEmpty() && !ls.isEmpty()) { java.util.Collections.sort(ss); java.util.Collections.sort(ls);
            System.out.printf("SUMMARY n=%d stride best %.3f med %.3f loop best %.3f med %.3f loop/stride best %.2f med %.2f%n", n, ss.get(0), ss.get(ss.size()/2), ls.get(0), ls.get(ls.size()/2), ls.get(0)/ss.get(0), ls.get(ls.size()/2)/ss.get(ss.size()/2)); }
        if (mode.equals("STRIDE") || mode.equals("LOOP")) {
          double end = MPI.Wtime() + secs;
          int[] g = new int[1];
          while (true) {
            for (int i = 0; i < 1000; i++) {
                if (rank == 0) { send(mode, comm, s, c, n, stride, vec, peer); recv(mode, comm, s, c, n, stride, vec, peer); }
                else { recv(mode, comm, s, c, n, stride, vec, peer); send(mode, comm, s, c, n, stride, vec, peer); }
            }
            g[0] = MPI.Wtime() < end ? 1 : 0;
            comm.Bcast(g, 0, 1, MPI.INT, 0);
            if (g[0] == 0) break;
          }
        }
        MPI.Finalize();
    }
    static void send(String m, Comm comm, double[] s, double[] c, int n, int stride, Datatype vec, int peer) {
        if (m.equals("STRIDE")) comm.Send(s, 0, 1, vec, peer, 5);
        else { for (int i = 0; i < n; i++) c[i] = s[i * stride]; comm.Send(c, 0, n, MPI.DOUBLE, peer, 5); }
    }
    static void recv(String m, Comm comm, double[] s, double[] c, int n, int stride, Datatype vec, int peer) {
        if (m.equals("STRIDE")) comm.Recv(s, 0, 1, vec, peer, 5);
        else { comm.Recv(c, 0, n, MPI.DOUBLE, peer, 5); for (int i = 0; i < n; i++) s[i * stride] = c[i]; }
    }
}
