/**
 * MPJ Express's device layer, as far as programs see it: jmpi's engine replaces the device, so only
 * {@link mpjdev.MPJDevException} is here, which lets {@code import mpjdev.*;} and handlers of that
 * exception compile. The device's {@code Comm}, {@code Request}, {@code Status} and {@code Group} are left
 * out on purpose: with {@code import mpi.*;} beside {@code import mpjdev.*;} they would make the names
 * {@code Status} and {@code Request} ambiguous.
 */
package mpjdev;
