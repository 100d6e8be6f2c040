/**
 * MPJ Express's message buffers ({@link mpjbuf.Buffer} with sections of one element type each,
 * {@link mpjbuf.BufferFactory}, {@link mpjbuf.Type} and the {@link mpjbuf.BufferException} family),
 * written for jmpi from the API's documented behaviour, so that programs written for MPJ Express that
 * pack messages into a {@code Buffer} and send it with {@code MPI.PACKED} run unchanged.
 */
package mpjbuf;
