package jmpi.examples.ft;

/**
 * The NPB FT problem classes: grid, iteration count and the reference checksums of NPB 3.4
 * (the verification values of NPB 3.4's MPI FT, ft.f). Class C's references are not carried here, so
 * it is not offered.
 */
public enum FtClass {
    /** 64 x 64 x 64, 6 iterations. */
    S(64, 64, 64, 6, new double[] {
        554.6087004964, 484.5363331978, 554.6385409189, 486.5304269511, 554.6148406171, 488.3910722336,
        554.5423607415, 490.1273169046, 554.4255039624, 491.7475857993, 554.2683411902, 493.2597244941}),
    /** 128 x 128 x 32, 6 iterations. */
    W(128, 128, 32, 6, new double[] {
        567.3612178944, 529.3246849175, 563.1436885271, 528.2149986629, 559.4024089970, 527.0996558037,
        556.0698047020, 526.0027904925, 553.0898991250, 524.9400845633, 550.4159734538, 523.9212247086}),
    /** 256 x 256 x 128, 6 iterations. */
    A(256, 256, 128, 6, new double[] {
        504.6735008193, 511.4047905510, 505.9412319734, 509.8809666433, 506.9376896287, 509.8144042213,
        507.7892868474, 510.1336130759, 508.5233095391, 510.4914655194, 509.1487099959, 510.7917842803}),
    /** 512 x 256 x 256, 20 iterations. */
    B(512, 256, 256, 20, new double[] {
        517.7643571579, 507.7803458597, 515.4521291263, 508.8249431599, 514.6409228649, 509.6208912659,
        514.2378756213, 510.1023387619, 513.9626667737, 510.3976610617, 513.7423460082, 510.5948019802,
        513.5547056878, 510.7404165783, 513.3910925466, 510.8576573661, 513.2470705390, 510.9577278523,
        513.1197729984, 511.0460304483, 513.0070319283, 511.1252433800, 512.9070537032, 511.1968077718,
        512.8182883502, 511.2616233064, 512.7393733383, 511.3203605551, 512.6691062020, 511.3735928093,
        512.6064276004, 511.4218460548, 512.5504076570, 511.4656139760, 512.5002331720, 511.5053595966,
        512.4551951846, 511.5415130407, 512.4146770029, 511.5744692211});

    /** The time-step constant of every class. */
    public static final double ALPHA = 1.0e-6;

    private final int nx;
    private final int ny;
    private final int nz;
    private final int iterations;
    private final double[] reference; // re, im per iteration

    FtClass(int nx, int ny, int nz, int iterations, double[] reference) {
        this.nx = nx;
        this.ny = ny;
        this.nz = nz;
        this.iterations = iterations;
        this.reference = reference;
    }

    /** @return grid points along x */
    public int nx() {
        return nx;
    }

    /** @return grid points along y */
    public int ny() {
        return ny;
    }

    /** @return grid points along z */
    public int nz() {
        return nz;
    }

    /** @return number of time steps */
    public int iterations() {
        return iterations;
    }

    /** @return {@code nx * ny * nz} */
    public long total() {
        return (long) nx * ny * nz;
    }

    /** @return a copy of the reference checksums: real and imaginary part per iteration, interleaved */
    public double[] reference() {
        return reference.clone();
    }
}
