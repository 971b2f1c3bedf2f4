/**
 * RxJava's types as Retrofit's RxJava adapters answer them, for the Java and Kotlin lookups: the
 * lookup is an Observable of the pet, ended as the method's type asks.
 */
export type RxType = 'Observable' | 'Single' | 'Maybe' | 'Flowable';

/** How the lookup's Observable becomes each type. */
export const RX_ENDS: Record<RxType, string> = {
  Observable: '',
  Single: '.singleOrError()',
  Maybe: '.singleElement()',
  Flowable: '.toFlowable(BackpressureStrategy.BUFFER)',
};

/** The package the file imports RxJava's types from: RxJava 3's, or 2's. */
export function rxPackageOf(text: string): string | undefined {
  if (/^\s*import\s+io\.reactivex\.rxjava3\.core\./m.test(text)) return 'io.reactivex.rxjava3.core';
  if (/^\s*import\s+io\.reactivex\.(?!rxjava3)/m.test(text)) return 'io.reactivex';
  return undefined;
}

/** The imports a lookup of `type` needs from RxJava's package. */
export function rxImports(rxPackage: string, type: RxType): string[] {
  return [
    `${rxPackage}.Observable`,
    ...(type === 'Flowable' ? [`${rxPackage}.BackpressureStrategy`] : []),
  ];
}
